/**
 * The organizers module's job: `sign-in-warning`, queued by the sign-in limits
 * (sign-in-limits.ts) when wrong passwords fill a limit of an account. An organizer removed
 * meanwhile is not written to.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { getCurrentEvent } from '../current-edition/service.js';
import { signInWarningEmail } from './emails.js';
import * as repository from './repository.js';

const organizerJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('sign-in-warning', async ({ data }) => {
    const organizer = await repository.readOrganizer(app.db, data.organizerId);
    if (!organizer) return;
    await app.mailer.send(
      signInWarningEmail({
        to: organizer.email,
        address: data.address,
        at: new Date(data.at),
        accountUrl: `${app.config.publicUrl}/admin/account`,
        event: await getCurrentEvent(app.db),
      }),
    );
  });
};

export default fp(organizerJobs, { name: 'organizer-jobs', dependencies: ['jobs', 'mailer', 'database'] });
