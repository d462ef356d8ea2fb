/**
 * The mailer as a named plugin (`app.mailer`): SMTP_URL's server, or DATA_DIR/outbox. Tests
 * pass their own (a local SMTP server). Closed with the app.
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
    app.decorate(
      'mailer',
      options.mailer ??
        createMailer({
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          outboxDir: outboxDirOf(config.dataDir),
          log: app.log,
        }),
    );
    app.addHook('onClose', async () => app.mailer.close());
  },
  { name: 'mailer', decorators: { fastify: ['config'] } },
);
