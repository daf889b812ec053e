export function TermsPage() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Conditions d’utilisation</h1>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/">
          Retour à l’accueil
        </a>
      </p>
    </main>
  );
}
