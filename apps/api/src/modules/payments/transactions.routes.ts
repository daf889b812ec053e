import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema } from '@app/shared/common';
import {
  refundSchema,
  TRANSACTION_MESSAGES,
  transactionActionResponseSchema,
  transactionDetailResponseSchema,
  transactionsExportQuerySchema,
  transactionsPageSchema,
  transactionsQuerySchema,
} from '@app/shared/payments';
import { actorOf, perAccountKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import { paymentDepsOf } from './payments.routes';
import {
  checkTransaction,
  exportTransactionsCsv,
  getTransactionDetail,
  listTransactionsPage,
  refundTransaction,
  type TransactionsDeps,
  transactionsCsvFileName,
} from './transactions.service';

/**
 * The back office's 'Transactions' (`manage_transactions`, decision 054): `GET /admin/transactions`,
 * `GET /admin/transactions/{id}`, `POST /admin/transactions/{id}/check`, `POST /admin/transactions/{id}/refund`,
 * `GET /admin/transactions.csv`.
 */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TransactionsDeps = { db: app.db, log: app.log, providers: app.paymentProviders };
  const paymentDeps = paymentDepsOf(app);

  app.get(
    '/admin/transactions',
    {
      config: { access: 'manage_transactions' },
      schema: {
        tags: ['transactions'],
        summary:
          'Paiements, les plus récents d’abord, 10 par page : recherche (référence PAY-…, numéro sous toute forme, nom, nom d’utilisateur ou e-mail du compte), filtres statut, opérateur, formule, période (jours de Douala), et les totaux de la sélection',
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listTransactionsPage(deps, request.query),
  );

  app.get(
    '/admin/transactions.csv',
    {
      config: {
        access: 'manage_transactions',
        rateLimit: { hook: 'preHandler', max: 10, timeWindow: '10 minutes', keyGenerator: perAccountKey('transactions-export') },
      },
      schema: {
        tags: ['transactions'],
        summary:
          'Export CSV des paiements filtrés (UTF-8 avec BOM, « ; », numéros masqués, aucune cellule lue comme une formule)',
        querystring: transactionsExportQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${transactionsCsvFileName()}"`)
        .header('cache-control', 'no-store')
        .send(exportTransactionsCsv(deps, request.query)),
  );

  app.get(
    '/admin/transactions/:id',
    {
      config: { access: 'manage_transactions' },
      schema: {
        tags: ['transactions'],
        summary: 'Un paiement : son historique (avec le membre de l’équipe qui a agi), ses références et son compte',
        params: idParamsSchema,
        response: { 200: transactionDetailResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getTransactionDetail(deps, request.params.id),
  );

  app.post(
    '/admin/transactions/:id/check',
    {
      config: {
        access: 'manage_transactions',
        rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey('transactions-check') },
      },
      schema: {
        tags: ['transactions'],
        summary:
          'Vérifier le statut : redemande le statut du paiement à l’opérateur et l’applique (réussi : Premium donné une seule fois ; échoué : rien de pris) ; une ligne d’historique et d’audit nomment qui a demandé',
        params: idParamsSchema,
        response: { 200: transactionActionResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: TRANSACTION_MESSAGES.checked,
      ...(await checkTransaction(deps, paymentDeps, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    '/admin/transactions/:id/refund',
    {
      config: { access: 'manage_transactions' },
      schema: {
        tags: ['transactions'],
        summary:
          'Rembourse un paiement réussi, une seule fois (sinon 409) : par l’opérateur quand il le permet, sinon enregistré à la main avec le motif ; reprend les jours Premium donnés',
        params: idParamsSchema,
        body: refundSchema,
        response: { 200: transactionActionResponseSchema, ...SIGNED_IN_ERRORS, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const { message, detail } = await refundTransaction(deps, actorOf(request), request.params.id, request.body.reason);
      return { message, ...detail };
    },
  );
};
