/**
 * What the console's registration export adds to the list's columns: where the registrant is
 * (city, state, country, PIN) and, for a startup, its sector and stage; read for a page of
 * registrations in one statement.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/search.js';

/** The export's extra columns of one registration. */
export interface RegistrationExportDetails {
  city: string;
  state: string | null;
  country: string;
  pincode: string | null;
  sector: string | null;
  stage: string | null;
}

interface Record {
  id: string;
  city: string;
  state: string | null;
  country: string;
  pincode: string | null;
  sector: string | null;
  stage: string | null;
}

/** The export's extra columns of the registrations `ids` names, by id. */
export async function exportDetailsOfRegistrations(
  db: Executor,
  ids: string[],
): Promise<Map<string, RegistrationExportDetails>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select r.id, r.city, s.name as state, c.name as country, r.pincode,
           i.name as sector, g.name as stage
      from registrations r
      join countries c on c.id = r.country_id
      left join states s on s.id = r.state_id
      left join startup_details d on d.registration_id = r.id
      left join industry_categories i on i.id = d.industry_category_id
      left join startup_stages g on g.id = d.startup_stage_id
     where r.id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  return new Map(rowsOf<Record>(result).map(({ id, ...details }) => [id, details]));
}
