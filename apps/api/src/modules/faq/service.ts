/**
 * FAQ use case (spec §2 /faq, §3 FAQ item, §7 `auth/list/FaqMaster`).
 */
import type { FaqItem } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import * as repository from './repository.js';

/** The FAQ in display order, with the spec's keys `que` and `ans` (plain text). */
export async function listFaq(db: Executor): Promise<FaqItem[]> {
  const rows = await repository.listFaqItems(db);
  return rows.map((row) => ({ _id: row.id, que: row.question, ans: row.answer }));
}
