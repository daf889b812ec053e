import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUploadStorage, type UploadStorage } from './uploads.storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where event images and partner logos are kept (disk or S3), one per server instance. */
    storage: UploadStorage;
  }
}

/** Decorates the instance with its upload storage, built once from the config. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', createUploadStorage(app.config));
  },
  { name: 'uploads-storage' },
);
