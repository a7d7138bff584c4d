// Placeholder so the app shell can route to the grid; the records feature replaces it.
export function RecordsPage() {
  return <p className="p-4">Records</p>;
}
