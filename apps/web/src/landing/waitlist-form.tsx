/** Rendered on the server only; `islands.ts` sends it (decision 011). */
const INPUT_CLASS =
  'mt-1 block h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700';

/**
 * Without JavaScript the form posts to `/liste-d-attente`, which answers an HTML page with the
 * same messages (decision 027); with it, `islands.ts` sends it as JSON to `/api/waitlist`.
 */
export function WaitlistForm({ formToken }: { formToken: string }) {
  return (
    // method="post": without JavaScript, a sent form never puts the phone number in the address.
    <form
      method="post"
      action="/liste-d-attente"
      noValidate
      data-waitlist=""
      className="space-y-4"
      aria-label="Inscription sur la liste d’attente"
    >
      <div>
        <label htmlFor="waitlist-name" className="block font-medium text-slate-900">
          Nom complet <span aria-hidden="true">*</span>
        </label>
        <input
          id="waitlist-name"
          name="name"
          className={INPUT_CLASS}
          type="text"
          autoComplete="name"
          placeholder="Nom complet"
          maxLength={120}
          required
        />
      </div>
      <div>
        <label htmlFor="waitlist-phone" className="block font-medium text-slate-900">
          Téléphone <span aria-hidden="true">*</span>
        </label>
        <input
          id="waitlist-phone"
          name="phone"
          className={INPUT_CLASS}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+237 6XX XX XX XX"
          maxLength={30}
          required
          aria-describedby="waitlist-phone-hint"
        />
        <p id="waitlist-phone-hint" data-hint="phone" className="mt-1 text-sm text-slate-600">
          Indicatif +237 par défaut.
        </p>
      </div>
      <div>
        <label htmlFor="waitlist-email" className="block font-medium text-slate-900">
          E-mail <span className="font-normal text-slate-600">(facultatif)</span>
        </label>
        <input
          id="waitlist-email"
          name="email"
          className={INPUT_CLASS}
          type="email"
          autoComplete="email"
          placeholder="vous@exemple.cm"
          maxLength={254}
        />
      </div>
      {/* Honeypot: hidden from people and assistive technology; a robot filling it is ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="waitlist-website">Site web</label>
        <input id="waitlist-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* The server's timed token for a post without JavaScript (the island fetches its own). */}
      <input type="hidden" name="formToken" value={formToken} />
      <button
        type="submit"
        className="h-12 w-full rounded-lg bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
      >
        Je m'inscris
      </button>
    </form>
  );
}
