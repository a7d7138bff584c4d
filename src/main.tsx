import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorPage } from './app/config-error-page';
import { LoadingIndicator } from './components/loading-indicator';
import { loadRuntimeConfig, RuntimeConfigError } from './config/runtime-config';
import { startEmbedModeIfAsked } from './features/embed/start-embed-mode';
import { readWorkspaces } from './lib/auth/connection-storage';
import { startFollowingTheme } from './lib/theme';
import './index.css';

// Before the first paint, so a dark-mode user never sees a white flash.
startFollowingTheme();
// Before anything async: the embedded view must hear a host that posts as soon as it loads.
const embedBridge = startEmbedModeIfAsked();

preloadFirstScreen(window.location.hash, embedBridge !== null);

/**
 * The chunks of the page the URL opens, fetched now, alongside config.json, instead of when
 * the router gets to them (after config.json, then the layout): on a slow connection each
 * of those steps is a round trip before the page's own request can start. Only with a
 * stored key or an embedding host; otherwise the connect screen comes first, and it needs
 * none of them.
 */
function preloadFirstScreen(hash: string, embedded: boolean): void {
  if (!embedded && readWorkspaces().activeId === null) return;
  const path =
    hash
      .replace(/^#/, '')
      .replace(/^\/embed(?=\/|$)/, '')
      .split('?')[0] || '/';
  const chunks: Array<() => Promise<unknown>> = [
    embedded ? () => import('./app/layout/embed-layout') : () => import('./app/layout/app-layout'),
  ];
  if (path.startsWith('/tables/')) chunks.push(() => import('./features/records/records-page'));
  else if (/^\/skills\/[^/]+/.test(path))
    chunks.push(() => import('./features/skills/skill-detail-page'));
  else if (path === '/skills') chunks.push(() => import('./features/skills/skills-list-page'));
  else if (path === '/') chunks.push(() => import('./app/routes/home-route'));
  for (const load of chunks) {
    load().catch(() => {
      // The route loads (and reports) it again when it gets there.
    });
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);
root.render(<LoadingIndicator label="Starting…" />);

loadRuntimeConfig().then(
  (config) => {
    document.title = config.title;
    root.render(
      <StrictMode>
        <App config={config} embedBridge={embedBridge} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    const message =
      error instanceof RuntimeConfigError ? error.message : 'config.json could not be loaded.';
    root.render(<ConfigErrorPage message={message} />);
  },
);
