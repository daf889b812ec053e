export function AdministrationPage() {
  return <h1 className="text-2xl font-bold">Administration</h1>;
}
