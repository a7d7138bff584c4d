/** Shown instead of the app when config.json exists but can't be used: never a blank page. */
export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-lg p-8 font-sans">
      <div
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
      >
        <h1 className="font-semibold">The dashboard's settings could not be read</h1>
        <p className="mt-1">{message}</p>
        <p className="mt-2">
          Whoever deployed this dashboard can fix config.json next to index.html, then reload this
          page.
        </p>
      </div>
    </main>
  );
}
