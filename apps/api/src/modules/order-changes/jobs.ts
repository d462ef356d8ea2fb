/**
 * The order-changes module's job: `attendee-cancelled-email`, queued in the transaction that
 * cancels an attendee; it reads stored state, and is skipped unless the attendee's pass of the
 * order is revoked, so it never tells someone a valid pass stopped working.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { getOrderDetails, orderAttendees } from '../orders/service.js';
import { passesOfAttendee } from '../passes/service.js';
import { cancelledAttendeeEmail } from './emails.js';

const orderChangeJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('attendee-cancelled-email', async ({ data }) => {
    const details = await getOrderDetails(app.db, { id: data.orderId });
    const attendee = (await orderAttendees(app.db, data.orderId)).find(
      (row) => row.registrationId === data.registrationId,
    );
    const pass = (await passesOfAttendee(app.db, data.registrationId)).find(
      (row) => row.orderId === data.orderId && row.revokedAt !== null,
    );
    if (!details || !attendee || !pass) {
      app.log.warn(data, 'attendee-cancelled email: nothing to send');
      return;
    }
    await app.mailer.send(
      cancelledAttendeeEmail({
        to: attendee.email,
        reference: details.order.reference,
        passCode: pass.code,
        ticketName: details.ticketName,
        event: details.event,
        manageUrl: `${app.config.publicUrl}/manage`,
      }),
    );
  });
};

export default fp(orderChangeJobs, {
  name: 'order-change-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
