export function LandingPage() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-3xl font-bold text-brand-700">Évènements Cameroun</h1>
      <p className="mt-2">+20 personnes suivent</p>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/GetStarted">
          Se Connecter
        </a>
        {' · '}
        <a className="text-brand-700 underline" href="/terms">
          Conditions d’utilisation
        </a>
      </p>
    </main>
  );
}
