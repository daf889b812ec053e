import { followersClaim } from '@app/shared/waitlist-messages';
import { FaqSection } from './faq-section';
import { FEATURE_ICONS, HeroPreview, Icon } from './hero-visuals';
import { ABOUT, FEATURES, PREMIUM } from './landing-content';
import type { LandingData } from './landing-data';
import { NextEvents } from './next-events';
import { SiteHeader } from './site-header';
import { TestimonialsSection } from './testimonials-section';
import { WaitlistForm } from './waitlist-form';

export function LandingPage({ data }: { data: LandingData }) {
  const phoneHref = data.supportPhone.replace(/[^\d+]/g, '');
  return (
    <>
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Aller au contenu
      </a>
      <SiteHeader siteName={data.siteName} />
      <main id="contenu">
        <section id="accueil" aria-labelledby="accueil-title" className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1fr_22rem]">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
                <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full bg-accent-500" />
                <span data-testid="claim">{followersClaim(data.count)}</span>
              </p>
              <h1 id="accueil-title" className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
                Les évènements près de chez vous, au Cameroun
              </h1>
              <p className="mt-5 max-w-2xl text-lg text-slate-700">
                Créez, personnalisez et partagez vos évènements publics ou privés. Découvrez les concerts, festivals, conférences
                et rencontres de votre ville, de Douala à Garoua.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <a
                  href="#inscription"
                  className="inline-flex h-12 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
                >
                  Rejoindre la liste d’attente
                </a>
                <a
                  href="#fonctionnalites"
                  className="inline-flex h-12 items-center justify-center rounded-lg border border-brand-700 px-6 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Découvrir les fonctionnalités
                </a>
              </div>
            </div>
            <HeroPreview />
          </div>
        </section>

        <NextEvents events={data.events} adsScript={data.adsScript} />

        <section id="a-propos" aria-labelledby="a-propos-title" className="scroll-mt-16 py-16">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 lg:grid-cols-2">
            <div>
              <h2 id="a-propos-title" className="text-3xl font-bold text-slate-900">
                À propos
              </h2>
              <div className="mt-6 space-y-6">
                {ABOUT.map((item) => (
                  <div key={item.title}>
                    <h3 className="text-xl font-semibold text-brand-800">{item.title}</h3>
                    <p className="mt-2 text-slate-700">{item.text}</p>
                  </div>
                ))}
              </div>
            </div>
            <picture>
              <source
                type="image/avif"
                srcSet="/images/communaute-480.avif 480w, /images/communaute-960.avif 960w"
                sizes="(min-width: 1024px) 560px, 100vw"
              />
              <source
                type="image/webp"
                srcSet="/images/communaute-480.webp 480w, /images/communaute-960.webp 960w"
                sizes="(min-width: 1024px) 560px, 100vw"
              />
              <img
                src="/images/communaute-480.webp"
                alt="Illustration : des amis réunis à un concert en plein air, la ville illuminée au loin"
                width="960"
                height="640"
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-2xl"
              />
            </picture>
          </div>
        </section>

        <section id="fonctionnalites" aria-labelledby="fonctionnalites-title" className="scroll-mt-16 bg-slate-50 py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="fonctionnalites-title" className="text-center text-3xl font-bold text-slate-900">
              Fonctionnalités
            </h2>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature, index) => (
                <li key={feature.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon path={FEATURE_ICONS[index] ?? ''} />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-slate-700">{feature.text}</p>
                </li>
              ))}
              <li className="rounded-xl bg-brand-800 p-6 text-white shadow-sm">
                <span className="inline-flex rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-slate-900">
                  Premium
                </span>
                <h3 className="mt-4 text-lg font-semibold">{PREMIUM.title}</h3>
                <p className="mt-2 text-brand-50">{PREMIUM.text}</p>
                <ul className="mt-3 space-y-1">
                  {PREMIUM.items.map((item) => (
                    <li key={item} className="flex items-center gap-2">
                      <span aria-hidden="true">✓</span>
                      {item}
                    </li>
                  ))}
                </ul>
              </li>
            </ul>
          </div>
        </section>

        <TestimonialsSection />

        <section id="inscription" aria-labelledby="inscription-title" className="scroll-mt-16 bg-brand-700 py-16">
          <div className="mx-auto grid max-w-5xl gap-8 px-4 lg:grid-cols-2 lg:items-center">
            <div className="text-white">
              <h2 id="inscription-title" className="text-3xl font-bold">
                Rejoignez la liste d’attente
              </h2>
              <p className="mt-4 text-lg text-brand-50">
                Soyez parmi les premiers à utiliser l’application : nous vous prévenons par SMS ou par e-mail dès le lancement.
              </p>
              <p className="mt-4 font-semibold">{followersClaim(data.count)}</p>
            </div>
            <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8">
              <WaitlistForm formToken={data.formToken} />
            </div>
          </div>
        </section>

        <FaqSection launchDate={data.launchDate} today={data.today} />
      </main>

      <footer id="contact" className="scroll-mt-16 bg-slate-900 py-12 text-slate-200">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:grid-cols-2">
          <div>
            <p className="text-lg font-bold text-white">{data.siteName}</p>
            <p className="mt-2 text-slate-300">Les évènements près de chez vous, partout au Cameroun.</p>
          </div>
          <div>
            <h2 className="text-lg font-semibold text-white">Contact</h2>
            <ul className="mt-2 space-y-2">
              {data.contactEmail && (
                <li>
                  E-mail :{' '}
                  <a className="text-white underline underline-offset-4" href={`mailto:${data.contactEmail}`}>
                    {data.contactEmail}
                  </a>
                </li>
              )}
              {data.supportPhone && (
                <li>
                  Téléphone :{' '}
                  <a className="text-white underline underline-offset-4" href={`tel:${phoneHref}`}>
                    {data.supportPhone}
                  </a>
                </li>
              )}
            </ul>
          </div>
        </div>
        <div className="mx-auto mt-8 flex max-w-6xl flex-col gap-2 border-t border-slate-700 px-4 pt-6 text-sm text-slate-300 sm:flex-row sm:justify-between">
          <p>
            © {data.today.slice(0, 4)} {data.siteName}
          </p>
          <p className="flex gap-4">
            <a className="underline underline-offset-4 hover:text-white" href="/terms">
              Conditions d’utilisation
            </a>
            <a className="underline underline-offset-4 hover:text-white" href="/GetStarted">
              Se connecter
            </a>
          </p>
        </div>
      </footer>
      {/* Toasts of the waiting-list form (islands.ts): errors are alerts, the rest status. */}
      <div id="toasts" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3" />
    </>
  );
}
