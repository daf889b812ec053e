import { useEffect } from 'react';
import { usePublicSettings } from '../../../lib/public-settings';

const SECTIONS = [
  {
    id: 'objet',
    title: '1. Objet',
    paragraphs: [
      'Les présentes conditions d’utilisation encadrent l’accès et l’usage du site et de l’application Évènements Cameroun, une plateforme qui permet de découvrir, créer, personnaliser et partager des évènements locaux au Cameroun.',
      'En utilisant le service, y compris en vous inscrivant sur la liste d’attente, vous acceptez ces conditions. Si vous ne les acceptez pas, n’utilisez pas le service.',
    ],
  },
  {
    id: 'comptes',
    title: '2. Comptes',
    paragraphs: [
      'Certaines fonctions demandent un compte. Vous vous engagez à fournir des informations exactes (nom, adresse e-mail ou numéro de téléphone) et à les tenir à jour.',
      'Votre compte est confirmé par un code à usage unique envoyé par SMS ou par e-mail. Vous êtes responsable de la confidentialité de votre mot de passe et de toute activité réalisée depuis votre compte. Prévenez-nous sans tarder de toute utilisation non autorisée.',
      'Nous pouvons suspendre ou fermer un compte qui enfreint ces conditions, après vous en avoir informé lorsque c’est possible.',
    ],
  },
  {
    id: 'age-minimum',
    title: '3. Âge minimum',
    paragraphs: [
      'Le service est réservé aux personnes âgées de 13 ans et plus. Si vous avez moins de 18 ans, vous devez avoir l’accord d’un parent ou d’un tuteur légal pour l’utiliser.',
      'Si nous apprenons qu’un compte appartient à une personne de moins de 13 ans, nous le supprimons avec les données qui s’y rattachent.',
    ],
  },
  {
    id: 'contenus',
    title: '4. Contenus des utilisateurs',
    paragraphs: [
      'Vous restez propriétaire des contenus que vous publiez (évènements, descriptions, images, commentaires). Vous nous accordez le droit, non exclusif et gratuit, de les afficher et de les diffuser sur le service pour le faire fonctionner, aussi longtemps qu’ils y sont publiés.',
      'Vous vous engagez à ne publier que des contenus licites, exacts et respectueux d’autrui : pas de contenus haineux, violents, trompeurs, contrefaisants ou portant atteinte à la vie privée. Les évènements doivent décrire fidèlement leur date, leur lieu et leurs conditions d’accès.',
      'Tout utilisateur peut signaler un contenu. Nous pouvons retirer un contenu qui enfreint ces règles ou la loi.',
    ],
  },
  {
    id: 'donnees-personnelles',
    title: '5. Données personnelles et leur protection',
    paragraphs: [
      'Nous collectons uniquement les données nécessaires au service : votre nom, votre numéro de téléphone, votre adresse e-mail si vous la donnez, et, pour les comptes, les informations de connexion et votre activité sur la plateforme.',
      'Ces données servent à gérer la liste d’attente et votre compte, à vous envoyer les codes de confirmation et les informations sur le lancement, et à assurer la sécurité du service. Elles ne sont jamais vendues. Elles ne sont transmises qu’aux prestataires techniques qui nous aident à envoyer les SMS et les e-mails, dans cette seule limite.',
      'Les mots de passe sont conservés sous une forme chiffrée irréversible ; les échanges avec le service sont chiffrés. L’accès aux données est réservé aux administrateurs habilités, et leurs actions sont journalisées.',
      'Conformément à la réglementation camerounaise sur la protection des données à caractère personnel, vous pouvez à tout moment demander l’accès à vos données, leur rectification ou leur suppression, y compris votre retrait de la liste d’attente, en nous écrivant à l’adresse indiquée ci-dessous.',
    ],
  },
  {
    id: 'responsabilite',
    title: '6. Responsabilité',
    paragraphs: [
      'Les organisateurs sont seuls responsables des évènements qu’ils publient et de leur bon déroulement. Nous faisons notre possible pour que le service soit disponible et fiable, sans pouvoir garantir une disponibilité permanente.',
    ],
  },
  {
    id: 'modifications',
    title: '7. Modifications',
    paragraphs: [
      'Nous pouvons faire évoluer ces conditions. En cas de changement important, nous vous en informons avant son entrée en vigueur. Continuer à utiliser le service ensuite vaut acceptation des nouvelles conditions.',
    ],
  },
] as const;

/** `/terms`: the conditions of use, in French. */
export function TermsPage() {
  const contact = usePublicSettings().data;
  useEffect(() => {
    document.title = 'Conditions d’utilisation — Évènements Cameroun';
  }, []);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
          <a href="/" className="flex items-center gap-2 font-bold text-brand-800">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            Évènements Cameroun
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10">
        <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <h1 className="text-3xl font-bold text-slate-900">Conditions d’utilisation</h1>
          <p className="mt-2 text-sm text-slate-600">Dernière mise à jour : 22 novembre 2026</p>
          <nav aria-label="Sommaire" className="mt-6 rounded-lg bg-brand-50 p-4">
            <h2 className="font-semibold text-slate-900">Sommaire</h2>
            <ol className="mt-2 space-y-1">
              {[...SECTIONS, { id: 'contact', title: '8. Contact' }].map((section) => (
                <li key={section.id}>
                  <a className="text-brand-800 underline underline-offset-4" href={`#${section.id}`}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {SECTIONS.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-8 scroll-mt-4">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold text-brand-800">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 32)} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          <section id="contact" aria-labelledby="contact-title" className="mt-8 scroll-mt-4">
            <h2 id="contact-title" className="text-xl font-semibold text-brand-800">
              8. Contact
            </h2>
            <p className="mt-3 leading-relaxed text-slate-700">
              Pour toute question sur ces conditions ou sur vos données personnelles, contactez-nous. Nous répondons sous 30 jours
              au plus.
            </p>
            {contact && (contact.contactEmail || contact.supportPhone) ? (
              <ul className="mt-3 space-y-1 text-slate-700">
                {contact.contactEmail && (
                  <li>
                    E-mail :{' '}
                    <a className="text-brand-800 underline underline-offset-4" href={`mailto:${contact.contactEmail}`}>
                      {contact.contactEmail}
                    </a>
                  </li>
                )}
                {contact.supportPhone && (
                  <li>
                    Téléphone :{' '}
                    <a
                      className="text-brand-800 underline underline-offset-4"
                      href={`tel:${contact.supportPhone.replace(/[^\d+]/g, '')}`}
                    >
                      {contact.supportPhone}
                    </a>
                  </li>
                )}
              </ul>
            ) : (
              <p className="mt-3 leading-relaxed text-slate-700">
                Nos coordonnées figurent en bas de la{' '}
                <a className="text-brand-800 underline underline-offset-4" href="/#contact">
                  page d’accueil
                </a>
                .
              </p>
            )}
          </section>
        </article>
        <p className="mt-8 text-center">
          <a className="text-brand-800 underline underline-offset-4" href="/">
            Retour à l’accueil
          </a>
        </p>
      </main>
    </div>
  );
}
