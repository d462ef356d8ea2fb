/**
 * Scans as the console's reports read them: an edition's check-ins by hour, list and gate.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';

export interface CheckinsRecord {
  hour: string;
  list_name: string;
  gate: string;
  admitted: number;
  exits: number;
  refused: number;
}

/**
 * Each hour's scans (by when the gate scanned, in `timeZone`) of edition `eventId`'s lists, by
 * list and gate: entries admitted, exits, and scans refused (any reason).
 */
export async function checkinsByHourAndGate(db: Executor, eventId: number, timeZone: string) {
  const result = await db.execute(sql`
    select to_char(date_trunc('hour', c.scanned_at at time zone ${timeZone}), 'YYYY-MM-DD HH24:00') as hour,
           l.name as list_name, c.gate,
           (count(*) filter (where c.result = 'ok' and c.direction = 'entry'))::int as admitted,
           (count(*) filter (where c.result = 'ok' and c.direction = 'exit'))::int as exits,
           (count(*) filter (where c.result <> 'ok'))::int as refused
      from checkins c
      join checkin_lists l on l.id = c.list_id
     where l.event_id = ${eventId}
     group by 1, l.name, c.gate
     order by 1, l.name, c.gate`);
  return rowsOf<CheckinsRecord>(result);
}
