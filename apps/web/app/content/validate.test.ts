import { describe, expect, it } from 'vitest';
import { activities } from './activities';
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
    const edited = activities.map((activity, index) =>
      index === 3 ? { ...activity, title: `${activity.title} ` } : activity,
    );
    const [problem, ...rest] = contentProblems(withData('activities.ts', edited));
    expect(rest).toEqual([]);
    expect(problem).toContain('app/content/activities.ts');
    expect(problem).toContain('[3].title');
  });

  it('rejects a misspelt field name and a wrong count', () => {
    const misspelt = activities.map((activity, index) =>
      index === 0 ? { ...activity, titel: activity.title } : activity,
    );
    expect(contentProblems(withData('activities.ts', misspelt))[0]).toMatch(/Unrecognized key.*titel/);
    expect(contentProblems(withData('activities.ts', activities.slice(1)))[0]).toContain(
      'app/content/activities.ts',
    );
  });

  it('rejects an image without its intrinsic size', () => {
    const [first, ...others] = activities;
    const { width: _width, ...image } = first!.image;
    const problems = contentProblems(withData('activities.ts', [{ ...first, image }, ...others]));
    expect(problems[0]).toContain('[0].image.width');
  });
});
