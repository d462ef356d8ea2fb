/**
 * The order-changes module's jobs, each queued in the transaction of its change and reading
 * stored state: `attendee-cancelled-email`, skipped unless the attendee's pass of the order is
 * revoked, so it never tells someone a valid pass stopped working; `ticket-changed-email`,
 * skipped unless the pass is still valid and of the ticket changed to (a later change sends
 * its own). Both are written in the attendee's registration language.
 */
import { managePageUrl, shownText } from '@festival/shared';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { getOrderDetails, orderAttendees } from '../orders/service.js';
import { passesOfAttendee } from '../passes/service.js';
import { localeOfRegistration } from '../registrations/service.js';
import { cancelledAttendeeEmail, ticketChangedEmail } from './emails.js';

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
    const locale = await localeOfRegistration(app.db, data.registrationId);
    await app.mailer.send(
      cancelledAttendeeEmail({
        to: attendee.email,
        reference: details.order.reference,
        passCode: pass.code,
        ticketName: shownText(pass.ticketTranslations, locale, 'name', pass.ticketName).text,
        event: details.event,
        manageUrl: managePageUrl(app.config.publicUrl, locale),
        locale,
      }),
    );
  });

  app.jobs.handle('ticket-changed-email', async ({ data }) => {
    const details = await getOrderDetails(app.db, { id: data.orderId });
    const attendee = (await orderAttendees(app.db, data.orderId)).find(
      (row) => row.registrationId === data.registrationId,
    );
    const pass = (await passesOfAttendee(app.db, data.registrationId)).find(
      (row) => row.orderId === data.orderId && row.revokedAt === null,
    );
    if (!details || !attendee || !pass || pass.ticketName !== data.ticketName) {
      app.log.warn(data, 'ticket-changed email: nothing to send');
      return;
    }
    const locale = await localeOfRegistration(app.db, data.registrationId);
    await app.mailer.send(
      ticketChangedEmail({
        to: attendee.email,
        reference: details.order.reference,
        passCode: pass.code,
        ticketName: shownText(pass.ticketTranslations, locale, 'name', pass.ticketName).text,
        event: details.event,
        manageUrl: managePageUrl(app.config.publicUrl, locale),
        locale,
      }),
    );
  });
};

export default fp(orderChangeJobs, {
  name: 'order-change-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
