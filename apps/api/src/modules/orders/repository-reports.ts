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
 * they were paid in `timeZone`, with the lines' tax. Sums in paise as strings (bigint). Comps
 * (console orders without payment) are no sales: they are left out.
 *
 * A line left with 0 units (every attendee of it moved to another ticket or was cancelled,
 * decision 031) counts no order and no unit under its ticket. Its amounts are its tax's: a
 * moved attendee's share went with them to their new line, a cancelled one's stays (captured,
 * and shown back in the refunds report, as for a line that still holds units), so a ticket
 * with neither units nor money that day has no row.
 */
export async function salesByTicketTypeAndDay(db: Executor, eventId: number, timeZone: string) {
  const result = await db.execute(sql`
    select to_char((o.paid_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           l.ticket_type_id, t.name as ticket_name,
           count(distinct o.id) filter (where l.quantity > 0)::int as orders,
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
       and o.source <> 'comp'
     group by 1, l.ticket_type_id, t.name
    having sum(l.quantity) > 0 or coalesce(sum(x.total), 0) <> 0
     order by 1, t.name`);
  return rowsOf<SalesRecord>(result);
}

export interface OrderExportRecord {
  reference: string;
  taxable: number | null;
  cgst: number | null;
  sgst: number | null;
  igst: number | null;
  place_of_supply_code: string | null;
  buyer_gstin: string | null;
  invoice_number: string | null;
  voucher_code: string | null;
  refunded: string;
}

/**
 * What the console's order export adds to the list's columns, for the orders `references`
 * names: the GST split and place of supply, the buyer's GSTIN, the tax invoice's number, the
 * voucher's code and the paise refunded (refunds the provider processed; bigint as a string).
 */
export async function orderExportDetails(db: Executor, references: string[]) {
  if (references.length === 0) return [];
  const result = await db.execute(sql`
    select o.reference, t.taxable, t.cgst, t.sgst, t.igst, t.place_of_supply_code, t.buyer_gstin,
           (select d.number from tax_documents d
             where d.order_id = o.id and d.kind = 'invoice' limit 1) as invoice_number,
           v.code as voucher_code,
           (select coalesce(sum(r.amount), 0) from refunds r
             where r.order_id = o.id and r.status = 'processed')::bigint as refunded
      from orders o
      left join order_taxes t on t.order_id = o.id
      left join vouchers v on v.id = o.voucher_id
     where o.reference in (${sql.join(
       references.map((reference) => sql`${reference}`),
       sql`, `,
     )})`);
  return rowsOf<OrderExportRecord>(result);
}
