/**
 * Orders as the console's reports read them: sales and GST of an edition by ticket type and day.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';

export interface SalesRecord {
  day: string;
  ticket_type_id: number;
  ticket_name: string;
  orders: number;
  units: number;
  before_tax: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/**
 * Each day's sales of edition `eventId` by ticket type: the lines of orders whose payment was
 * captured (paid, and paid then refunded: the refunds report shows the money back), by the day
 * they were paid in `timeZone`, with the lines' tax. Sums in paise as strings (bigint).
 */
export async function salesByTicketTypeAndDay(db: Executor, eventId: number, timeZone: string) {
  const result = await db.execute(sql`
    select to_char((o.paid_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           l.ticket_type_id, t.name as ticket_name,
           count(distinct o.id)::int as orders,
           sum(l.quantity)::int as units,
           sum(l.amount)::bigint as before_tax,
           coalesce(sum(x.taxable), 0)::bigint as taxable,
           coalesce(sum(x.cgst), 0)::bigint as cgst,
           coalesce(sum(x.sgst), 0)::bigint as sgst,
           coalesce(sum(x.igst), 0)::bigint as igst,
           coalesce(sum(x.total), sum(l.amount))::bigint as total
      from orders o
      join order_lines l on l.order_id = o.id
      join ticket_types t on t.id = l.ticket_type_id
      left join order_line_taxes x on x.order_id = l.order_id and x.position = l.position
     where o.event_id = ${eventId}
       and o.paid_at is not null
       and o.status in ('paid', 'refund_due', 'refunded')
     group by 1, l.ticket_type_id, t.name
     order by 1, t.name`);
  return rowsOf<SalesRecord>(result);
}
