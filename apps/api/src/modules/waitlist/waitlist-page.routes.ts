import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WAITLIST_MESSAGES, waitlistSignupSchema } from '@app/shared/waitlist';
import { AppError, validationError } from '../../lib/errors';
import { accountOfBody, limitPerIpAndAccount } from '../auth/auth.rate-limits';
import { html, type SafeHtml } from '../public-pages/html';
import { type PageMeta, page } from '../public-pages/layout';
import { fillTimeCheck, WAITLIST_SIGNUP_RATE, waitlistDepsOf } from './waitlist.routes';
import { signUp } from './waitlist.service';

/** Where the landing page's form posts without JavaScript (and the page that answers). */
export const WAITLIST_PAGE_PATH = '/liste-d-attente';
const HTML = 'text/html; charset=utf-8';
const FIELDS = ['name', 'phone', 'email'] as const;
type Field = (typeof FIELDS)[number];
type Values = Partial<Record<Field | 'ref', string>>;

interface FormState {
  values: Values;
  fieldErrors?: Partial<Record<Field, string>>;
  /** A message over the form: the error's, or a success. */
  notice?: { kind: 'error' | 'success' | 'info'; text: string };
  /** Shown after a sign-up: the form is replaced by a link back. */
  done?: boolean;
  formToken: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function field(name: Field, label: SafeHtml, state: FormState, attributes: SafeHtml, hint?: string): SafeHtml {
  const id = `waitlist-${name}`;
  const error = state.fieldErrors?.[name];
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : '';
  return html`<div><label for="${id}">${label}</label>
<input id="${id}" name="${name}" value="${state.values[name] ?? ''}" ${attributes}${error ? html` aria-invalid="true"` : ''}${
    describedBy ? html` aria-describedby="${describedBy}"` : ''
  }>
${error ? html`<p class="err" id="${id}-error">${error}</p>` : hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}</div>`;
}

/**
 * The waiting-list page: the same form as the landing page's, posted as a plain HTML form, with
 * the same French messages (decision 027). Values are escaped by `html`.
 */
export function renderWaitlistPage(state: FormState, siteName: string, publicUrl: string): string {
  const notice = state.notice
    ? html`<p class="${state.notice.kind === 'error' ? 'banner' : 'ok'}" role="${state.notice.kind === 'error' ? 'alert' : 'status'}">${state.notice.text}</p>`
    : '';
  const action = state.values.ref ? `${WAITLIST_PAGE_PATH}?ref=${encodeURIComponent(state.values.ref)}` : WAITLIST_PAGE_PATH;
  const form = state.done
    ? html`<p class="actions"><a class="btn" href="/">Retour à l’accueil</a> <a class="btn alt" href="/evenements">Voir l’agenda</a></p>`
    : html`<form class="form" method="post" action="${action}" novalidate aria-label="Inscription sur la liste d’attente">
${field('name', html`Nom complet <span aria-hidden="true">*</span>`, state, html`type="text" autocomplete="name" placeholder="Nom complet" maxlength="120" required`)}
${field(
  'phone',
  html`Téléphone <span aria-hidden="true">*</span>`,
  state,
  html`type="tel" inputmode="tel" autocomplete="tel" placeholder="+237 6XX XX XX XX" maxlength="30" required`,
  'Indicatif +237 par défaut.',
)}
${field('email', html`E-mail <span class="muted">(facultatif)</span>`, state, html`type="email" autocomplete="email" placeholder="vous@exemple.cm" maxlength="254"`)}
<div class="trap" aria-hidden="true"><label for="waitlist-website">Site web</label><input id="waitlist-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
<input type="hidden" name="formToken" value="${state.formToken}">
<div><button class="btn" type="submit">Je m'inscris</button></div>
</form>`;
  const body = html`<h1>Rejoignez la liste d’attente</h1>
<p class="muted">Soyez parmi les premiers à utiliser l’application : nous vous prévenons par SMS ou par e-mail dès le lancement.</p>
${notice}
${form}`;
  const meta: PageMeta = {
    title: `Liste d’attente — ${siteName}`,
    description: 'Inscrivez-vous sur la liste d’attente : nous vous prévenons par SMS ou par e-mail dès le lancement.',
    canonical: `${publicUrl}${WAITLIST_PAGE_PATH}`,
    url: `${publicUrl}${WAITLIST_PAGE_PATH}`,
    image: { url: `${publicUrl}/og-image.png`, width: 1200, height: 630, type: 'image/png', alt: siteName },
    ogType: 'website',
    robots: 'noindex, follow',
    siteName,
  };
  return page(meta, body);
}

/**
 * `GET|POST /liste-d-attente`: the waiting list without JavaScript (issue 25, decision 027). The
 * landing page's form posts here when no script takes it over; the answer is this HTML page with
 * the message the landing island would toast, the field errors beside their fields and what was
 * typed kept. Same schema, same rate limits (per address and contact, and the tighter one without
 * a valid form token), same fill-time check (the landing page embeds a fresh token in its form).
 */
export async function waitlistPageRoutes(app: FastifyInstance) {
  const deps = waitlistDepsOf(app);
  const publicUrl = app.config.PUBLIC_URL.replace(/\/+$/, '');
  // A plain HTML form sends application/x-www-form-urlencoded; only this plugin reads it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const valuesOf = (request: FastifyRequest): Values => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    return {
      name: text(body.name),
      phone: text(body.phone),
      email: text(body.email),
      ref: text(body.ref) ?? text(query.ref),
    };
  };
  const send = async (reply: FastifyReply, status: number, state: Omit<FormState, 'formToken'>) => {
    const { siteName } = (await app.settings.get()).general;
    return reply
      .code(status)
      .type(HTML)
      .header('cache-control', 'no-store')
      .send(renderWaitlistPage({ ...state, formToken: app.formTokens.issue() }, siteName, publicUrl));
  };

  app.get(WAITLIST_PAGE_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    send(reply, 200, { values: { ref: text((request.query as Record<string, unknown>).ref) } }),
  );

  app.post(
    WAITLIST_PAGE_PATH,
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      schema: { hide: true },
      preValidation: limitPerIpAndAccount(app, 'waitlist', WAITLIST_SIGNUP_RATE, accountOfBody),
      preHandler: fillTimeCheck(app),
      // Every refusal (limits, fill time, validation, SMS country…) is this page with its message.
      errorHandler: async (error, request, reply) => {
        const known = error instanceof AppError;
        if (!known) request.log.error({ err: error }, 'waiting-list form post failed');
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const name of FIELDS) {
          const message = known ? error.fieldErrors?.[name]?.[0] : undefined;
          if (message) fieldErrors[name] = message;
        }
        if (known && error.extra && 'retryAfter' in error.extra) reply.header('retry-after', String(error.extra.retryAfter));
        return send(reply, known ? error.statusCode : 500, {
          values: valuesOf(request),
          fieldErrors,
          notice: { kind: 'error', text: known ? error.message : WAITLIST_MESSAGES.fallback },
        });
      },
    },
    async (request, reply) => {
      const values = valuesOf(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = waitlistSignupSchema.safeParse({
        name: values.name ?? '',
        phone: values.phone ?? '',
        email: values.email || undefined,
        ref: values.ref || undefined,
        website: text(body.website),
        formToken: text(body.formToken),
      });
      if (!parsed.success) throw validationError(parsed.error.issues, 'body');
      const answer = await signUp(deps, parsed.data);
      return send(reply, answer.created ? 201 : 200, {
        values: {},
        done: true,
        notice: answer.alreadyRegistered
          ? { kind: 'info', text: answer.message }
          : { kind: 'success', text: WAITLIST_MESSAGES.success },
      });
    },
  );
}
