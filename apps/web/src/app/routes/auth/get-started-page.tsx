export function GetStartedPage() {
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="text-2xl font-bold">Se Connecter</h1>
    </main>
  );
}
