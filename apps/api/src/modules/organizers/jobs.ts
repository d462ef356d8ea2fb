/**
 * The organizers module's jobs: `sign-in-warning`, queued by the sign-in limits
 * (sign-in-limits.ts) when wrong passwords fill a limit of an account; `organizer-invitation`
 * and `organizer-password-reset` (set-password-links.ts), which send the link of a
 * set-password row unless it was used, replaced or has lapsed meanwhile. An organizer removed
 * or disabled meanwhile is not written to.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { OrganizerRoleSchema } from '@festival/shared';
import { getCurrentEvent } from '../current-edition/service.js';
import { invitationEmail, passwordResetEmail, signInWarningEmail } from './emails.js';
import * as repository from './repository.js';
import { INVITATION_VALID_DAYS, RESET_VALID_MINUTES, setPasswordUrl } from './set-password-links.js';

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

  /** The link's row and its organizer, while the link still works and they may sign in. */
  const liveLink = async (linkId: string) => {
    const link = await repository.findSetPasswordLink(app.db, linkId);
    if (!link || link.expiresAt <= new Date()) return undefined;
    const organizer = await repository.readOrganizer(app.db, link.organizerId);
    if (!organizer || organizer.disabled) return undefined;
    return { link, organizer };
  };

  app.jobs.handle('organizer-invitation', async ({ data }) => {
    const live = await liveLink(data.linkId);
    if (!live) return;
    await app.mailer.send(
      invitationEmail({
        to: live.organizer.email,
        name: live.organizer.name,
        role: OrganizerRoleSchema.parse(live.organizer.role),
        invitedBy: data.invitedBy,
        url: setPasswordUrl(app.config.publicUrl, live.link.token),
        validDays: INVITATION_VALID_DAYS,
        event: await getCurrentEvent(app.db),
      }),
    );
  });

  app.jobs.handle('organizer-password-reset', async ({ data }) => {
    const live = await liveLink(data.linkId);
    if (!live) return;
    await app.mailer.send(
      passwordResetEmail({
        to: live.organizer.email,
        url: setPasswordUrl(app.config.publicUrl, live.link.token),
        validMinutes: RESET_VALID_MINUTES,
        event: await getCurrentEvent(app.db),
      }),
    );
  });
};

export default fp(organizerJobs, { name: 'organizer-jobs', dependencies: ['jobs', 'mailer', 'database'] });
