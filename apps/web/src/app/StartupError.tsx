/**
 * Shown when the site configuration cannot be read: startup is aborted (spec §8). Translations
 * depend on the configuration, so this one text is plain English.
 */
export function StartupError() {
  return (
    <main className="startup-error">
      <h1>The account area could not start</h1>
      <p>Please reload the page or try again later.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
