/**
 * The backups module's job: `backup-check`, queued hourly, takes the server's own backup when
 * one is due (`takeScheduledBackup`, BACKUP_EVERY_HOURS and BACKUP_KEEP). The queue keeps one
 * check waiting at a time, so several processes take one backup, on the machine whose worker
 * runs the check.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { takeScheduledBackup } from './service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    'backup-check': Record<string, never>;
  }
}

const CHECK_SECONDS = 3600;

const backupJobs: FastifyPluginAsync = async (app) => {
  app.jobs.every('backup-check', CHECK_SECONDS);
  // One try: a failed backup is logged, and the next hour's check tries again.
  app.jobs.handle(
    'backup-check',
    async () => {
      const backup = await takeScheduledBackup(
        app.database,
        app.config.dataDir,
        app.now(),
        { everyHours: app.config.BACKUP_EVERY_HOURS, keep: app.config.BACKUP_KEEP },
        app.files,
      );
      if (backup) app.log.info({ backup: backup.name, bytes: backup.bytes }, 'backup written');
    },
    { retryLimit: 0, expireInSeconds: CHECK_SECONDS },
  );
};

export default fp(backupJobs, { name: 'backup-jobs', dependencies: ['jobs', 'database', 'files'] });
