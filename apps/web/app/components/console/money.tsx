import { formatPaise } from './format';

/** An amount of integer paise shown in rupees, e.g. `₹1,234.56`. */
export function Money({ paise, className }: { paise: number; className?: string }) {
  return <span className={className}>{formatPaise(paise)}</span>;
}
