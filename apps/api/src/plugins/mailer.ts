/**
 * The mailer as a named plugin (`app.mailer`): SMTP_URL's server, or DATA_DIR/outbox. Tests
 * pass their own (a local SMTP server). Each email sent or failed is counted in the metrics.
 * Closed with the app.
 */
import fp from 'fastify-plugin';
import { createMailer, outboxDirOf, type Mailer } from '../modules/mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{ mailer?: Mailer | undefined }>(
  async (app, options) => {
    const { config } = app;
    const inner =
      options.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: outboxDirOf(config.dataDir),
        log: app.log,
      });
    const { emailsSent, emailsFailed } = app.metrics;
    app.decorate('mailer', {
      async send(message) {
        try {
          const sent = await inner.send(message);
          emailsSent.inc();
          return sent;
        } catch (error) {
          emailsFailed.inc();
          throw error;
        }
      },
      ...(inner.verify ? { verify: () => inner.verify!() } : {}),
      close: () => inner.close(),
    } satisfies Mailer);
    app.addHook('onClose', async () => app.mailer.close());
  },
  { name: 'mailer', decorators: { fastify: ['config'] }, dependencies: ['metrics'] },
);
