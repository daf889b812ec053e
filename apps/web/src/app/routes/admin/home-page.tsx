export function HomePage() {
  return <h1 className="text-2xl font-bold">Accueil</h1>;
}
