import { describe, expect, it } from 'vitest';
import { opportunities } from './opportunities';
import { sharkTankStartups } from './shark-tank';
import { CONTENT, contentProblems, type ContentEntry } from './validate';

/** CONTENT with one file's data replaced. */
function withData(file: string, data: unknown): ContentEntry[] {
  return CONTENT.map(([name, rule, current]) => [name, rule, name === file ? data : current]);
}

describe('content validation', () => {
  it('accepts the content as shipped', () => {
    expect(contentProblems()).toEqual([]);
  });

  it('names the file and the field of text with a stray space', () => {
    const edited = opportunities.map((opportunity, index) =>
      index === 3 ? { ...opportunity, title: `${opportunity.title} ` } : opportunity,
    );
    const [problem, ...rest] = contentProblems(withData('opportunities.ts', edited));
    expect(rest).toEqual([]);
    expect(problem).toContain('app/content/opportunities.ts');
    expect(problem).toContain('[3].title');
  });

  it('rejects a misspelt field name and a wrong count', () => {
    const misspelt = opportunities.map((opportunity, index) =>
      index === 0 ? { ...opportunity, titel: opportunity.title } : opportunity,
    );
    expect(contentProblems(withData('opportunities.ts', misspelt))[0]).toMatch(/Unrecognized key.*titel/);
    expect(contentProblems(withData('opportunities.ts', opportunities.slice(1)))[0]).toContain(
      'app/content/opportunities.ts',
    );
  });

  it('rejects an image without its intrinsic size', () => {
    const [first, ...others] = sharkTankStartups;
    const { width: _width, ...image } = first!.image;
    const problems = contentProblems(withData('shark-tank.ts', [{ ...first, image }, ...others]));
    expect(problems[0]).toContain('[0].image.width');
  });
});
