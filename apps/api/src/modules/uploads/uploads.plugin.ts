import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkQueue } from '../../lib/work-queue';
import { imageQueue } from './image-processing';
import { createUploadStorage, type UploadStorage } from './uploads.storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where event images and partner logos are kept (disk or S3), one per server instance. */
    storage: UploadStorage;
    /** The process's image queue: how many images are being encoded (`running`) and how many wait. */
    imageQueue: WorkQueue;
  }
}

/** Decorates the instance with its upload storage, built once from the config, and the image queue. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', createUploadStorage(app.config));
    app.decorate('imageQueue', imageQueue);
  },
  { name: 'uploads-storage', decorators: { fastify: ['config'] } },
);
