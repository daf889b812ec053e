import './landing.css';
import { TESTIMONIALS } from './landing-content';
import { checkSignup, type SignupField, type SignupValues } from './signup-check';
import { sendSignup } from './waitlist-send';

/**
 * The landing page's JavaScript (decision 011): the HTML is rendered by the server with its whole
 * content; these small islands add what needs script: the waiting-list form, the exclusive FAQ
 * answers for browsers without exclusive <details>, the rotating testimonials, and closing the
 * phone menu. No React on the client.
 */

const TESTIMONIAL_INTERVAL_MS = 5000;
const TOAST_DURATION_MS = { success: 2000, error: 4000, info: 4000 } as const;
const MAX_TOASTS = 20;

type ToastKind = keyof typeof TOAST_DURATION_MS;
const TOAST_STYLES: Record<ToastKind, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Toasts as in the app (success 2 s, errors 4 s, at most 20): errors are alerts. */
function toast(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION_MS[kind]): void {
  const region = document.getElementById('toasts');
  if (!region) return;
  const box = element(
    'div',
    `pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${TOAST_STYLES[kind]}`,
  );
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  box.dataset.toast = kind;
  box.append(element('p', 'flex-1', message));
  const close = element(
    'button',
    '-m-1 rounded p-1 leading-none opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-white',
    '×',
  );
  close.type = 'button';
  close.setAttribute('aria-label', 'Fermer la notification');
  close.addEventListener('click', () => box.remove());
  box.append(close);
  region.append(box);
  while (region.children.length > MAX_TOASTS) region.firstElementChild?.remove();
  window.setTimeout(() => box.remove(), durationMs);
}

/** `?ref=` of the page address, when it is a valid referral code. */
function referralCode(): string | undefined {
  const ref = new URLSearchParams(window.location.search).get('ref')?.trim();
  return ref && /^[\w-]{1,64}$/.test(ref) ? ref : undefined;
}

const FIELDS: SignupField[] = ['name', 'phone', 'email'];

function waitlistForm(form: HTMLFormElement): void {
  const input = (field: string) => form.elements.namedItem(field) as HTMLInputElement;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const phoneHint = form.querySelector<HTMLElement>('[data-hint="phone"]');
  let sending = false;
  // The server's signed, timed token: it measures the fill time itself (decision 021). Without one
  // (offline, old browser) the sign-up still goes, on a tighter limit.
  let formToken: string | undefined;
  const newToken = () =>
    fetch('/api/waitlist/form-token', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : {}))
      .then((answer: { token?: string }) => {
        formToken = answer.token;
      })
      .catch(() => {});
  void newToken();

  const setError = (field: SignupField, message: string | undefined) => {
    const target = input(field);
    const id = `${target.id}-error`;
    document.getElementById(id)?.remove();
    target.classList.toggle('border-red-700', Boolean(message));
    target.classList.toggle('border-slate-400', !message);
    if (message) {
      const text = element('p', 'mt-1 text-sm text-red-700', message);
      text.id = id;
      target.after(text);
      target.setAttribute('aria-invalid', 'true');
      target.setAttribute('aria-describedby', id);
    } else {
      target.removeAttribute('aria-invalid');
      if (field === 'phone' && phoneHint) target.setAttribute('aria-describedby', phoneHint.id);
      else target.removeAttribute('aria-describedby');
    }
    if (field === 'phone' && phoneHint) phoneHint.hidden = Boolean(message);
  };

  const showErrors = (errors: Partial<Record<SignupField, string>>) => {
    for (const field of FIELDS) setError(field, errors[field]);
    const first = FIELDS.find((field) => errors[field]);
    if (first) input(first).focus();
  };

  for (const field of FIELDS) {
    input(field).addEventListener('input', () => {
      if (input(field).getAttribute('aria-invalid')) setError(field, undefined);
    });
  }

  const setSending = (value: boolean) => {
    sending = value;
    if (!button) return;
    button.disabled = value;
    button.textContent = value ? 'Inscription...' : "Je m'inscris";
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const values = Object.fromEntries(FIELDS.map((field) => [field, input(field).value])) as SignupValues;
    const found = checkSignup(values);
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setSending(true);
    const answer = await sendSignup(values, { ref: referralCode(), website: input('website')?.value ?? '', formToken });
    if (answer.ok) {
      toast(answer.toast.kind, answer.toast.message);
      for (const field of FIELDS) input(field).value = '';
      showErrors({});
      void newToken();
    } else {
      if (Object.keys(answer.fieldErrors).length) showErrors(answer.fieldErrors);
      toast(answer.toast.kind, answer.toast.message);
    }
    setSending(false);
  });
}

/** One FAQ answer open at a time, also where exclusive <details name> is unknown. */
function faq(): void {
  const all = document.querySelectorAll<HTMLDetailsElement>('details[data-faq]');
  for (const details of all) {
    details.addEventListener('toggle', () => {
      if (!details.open) return;
      for (const other of all) if (other !== details && other.open) other.open = false;
    });
  }
}

const PRESSED = ['border-brand-700', 'bg-brand-700', 'text-white'];
const UNPRESSED = ['border-slate-300', 'bg-white', 'text-slate-700', 'hover:border-brand-700'];

/**
 * Seven testimonials, the shown one changing every 5 s; a click shows that one. Rotation holds
 * while the pointer is over the block or focus is inside it, can be paused with its button, and
 * never starts under `prefers-reduced-motion`.
 */
function testimonials(block: HTMLElement): void {
  const figure = block.querySelector<HTMLElement>('[data-testid="testimonial-current"]');
  const quote = figure?.querySelector('blockquote');
  const caption = figure?.querySelector('figcaption');
  const buttons = [...block.querySelectorAll<HTMLButtonElement>('button[aria-pressed]')];
  const pause = block.querySelector<HTMLButtonElement>('[data-pause]');
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let current = 0;
  let hovered = false;
  let focused = false;
  let paused = false;
  let timer = 0;

  const show = (index: number) => {
    current = index;
    const item = TESTIMONIALS[index] ?? TESTIMONIALS[0];
    if (quote) quote.textContent = `« ${item.text} »`;
    if (caption) caption.textContent = `${item.name}, ${item.city}`;
    buttons.forEach((button, i) => {
      const on = i === index;
      button.setAttribute('aria-pressed', String(on));
      button.classList.remove(...(on ? UNPRESSED : PRESSED));
      button.classList.add(...(on ? PRESSED : UNPRESSED));
    });
    schedule();
  };

  // Each change restarts the 5 s, so a chosen testimonial stays its full time.
  function schedule() {
    window.clearTimeout(timer);
    const rotating = !motion.matches && !paused && !hovered && !focused;
    block.dataset.rotating = String(rotating);
    figure?.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (pause) {
      pause.hidden = motion.matches;
      pause.textContent = paused ? 'Reprendre le défilement' : 'Mettre le défilement en pause';
    }
    if (rotating) timer = window.setTimeout(() => show((current + 1) % TESTIMONIALS.length), TESTIMONIAL_INTERVAL_MS);
  }

  buttons.forEach((button, index) => {
    button.addEventListener('click', () => show(index));
  });
  pause?.addEventListener('click', () => {
    paused = !paused;
    schedule();
  });
  block.addEventListener('mouseenter', () => {
    hovered = true;
    schedule();
  });
  block.addEventListener('mouseleave', () => {
    hovered = false;
    schedule();
  });
  block.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  block.addEventListener('focusout', (event) => {
    if (block.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  motion.addEventListener('change', schedule);
  schedule();
}

/** The phone menu (<details>) closes when one of its links is chosen. */
function phoneMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
  menu?.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) menu.removeAttribute('open');
  });
}

/** Shown once on `/?compte=supprime`, where 'Supprimer mon compte' leads (decision 048). */
const ACCOUNT_DELETED = 'Votre compte a été supprimé. Vos données personnelles ont été effacées.';

/** An account was just deleted: say so, and clean the address so that a reload says nothing. */
function accountDeleted(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('compte') !== 'supprime') return;
  url.searchParams.delete('compte');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  toast('success', ACCOUNT_DELETED, 10_000);
}

function start(): void {
  accountDeleted();
  const form = document.querySelector<HTMLFormElement>('form[data-waitlist]');
  if (form) waitlistForm(form);
  faq();
  const block = document.querySelector<HTMLElement>('[data-testid="testimonials"]');
  if (block) testimonials(block);
  phoneMenu();
}

const root = document.getElementById('root');
if (import.meta.env.DEV && root && !root.firstElementChild) {
  // `npm run dev` serves index.html unrendered: render it once with React (never in the build).
  import('./dev-render').then(({ renderForDev }) => renderForDev(root).then(start));
} else {
  start();
}
