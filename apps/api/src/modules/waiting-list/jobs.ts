/**
 * The waiting list's jobs:
 * - `waiting-list-offer-email`, queued in the transaction that makes an offer; skipped when
 *   the entry is no longer offered or its email went out (recorded on the entry).
 * - `waiting-list-joined-email`, the confirmation of joining, queued with the entry when the
 *   edition's message settings allow it; skipped once the entry left the line or the email went
 *   out (recorded in `automatic_reminders`).
 * - `waiting-list-sweep`, which offers returned seats and settles offers (service.ts says why
 *   it is periodic). Every process queues one every WAITING_LIST_SWEEP_SECONDS
 *   (`app.jobs.every`: one waits at a time however many processes run, and pg-boss hands it to
 *   one worker); the sweep's own locks keep two overlapping sweeps correct anyway.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LocaleSchema } from '@festival/shared';
import { getEvent } from '../current-edition/service.js';
import { getTicketType, ticketNameIn } from '../tickets/service.js';
import { joinedEmail, offerEmail } from './emails.js';
import {
  joinedToSend,
  markJoinedEmailSent,
  markOfferEmailSent,
  offerToSend,
  sweepWaitingLists,
} from './service.js';

const waitingListJobs: FastifyPluginAsync = async (app) => {
  app.jobs.handle('waiting-list-offer-email', async ({ data }) => {
    const offer = await offerToSend(app.db, data.entryId);
    if (!offer) {
      app.log.info(data, 'waiting-list offer: withdrawn or sent already');
      return;
    }
    const { entry, code } = offer;
    const event = await getEvent(app.db, entry.eventId);
    const ticketType = await getTicketType(app.db, entry.eventId, entry.ticketTypeId);
    if (!event || !ticketType || !entry.offeredUntil) return;
    await app.mailer.send(
      offerEmail({
        to: entry.email,
        ticketName: ticketNameIn(ticketType, LocaleSchema.parse(entry.locale)),
        participantCategoryId: ticketType.participantCategoryId,
        seats: entry.quantity,
        code,
        until: entry.offeredUntil,
        publicUrl: app.config.publicUrl,
        event,
        locale: LocaleSchema.parse(entry.locale),
      }),
    );
    await markOfferEmailSent(app.db, entry.id, app.now());
  });

  app.jobs.handle('waiting-list-joined-email', async ({ data }) => {
    const joined = await joinedToSend(app.db, data.entryId);
    if (!joined) {
      app.log.info(data, 'waiting-list confirmation: left the line or sent already');
      return;
    }
    const { entry } = joined;
    const event = await getEvent(app.db, entry.eventId);
    const ticketType = await getTicketType(app.db, entry.eventId, entry.ticketTypeId);
    if (!event || !ticketType) return;
    await app.mailer.send(
      joinedEmail({
        to: entry.email,
        ticketName: ticketNameIn(ticketType, LocaleSchema.parse(entry.locale)),
        seats: entry.quantity,
        ahead: joined.ahead,
        holdHours: joined.holdHours,
        publicUrl: app.config.publicUrl,
        event,
        locale: LocaleSchema.parse(entry.locale),
      }),
    );
    await markJoinedEmailSent(app.db, entry.id, app.now());
  });

  app.jobs.handle(
    'waiting-list-sweep',
    async () => {
      const result = await sweepWaitingLists({ db: app.db, jobs: app.jobs }, app.now());
      if (result.offered + result.redeemed + result.lapsed > 0) app.log.info(result, 'waiting-list sweep');
    },
    // A failed sweep is simply the next one's work: no backlog of retries.
    { retryLimit: 0 },
  );

  app.jobs.every('waiting-list-sweep', app.config.WAITING_LIST_SWEEP_SECONDS);
};

export default fp(waitingListJobs, {
  name: 'waiting-list-jobs',
  dependencies: ['jobs', 'mailer', 'database'],
});
