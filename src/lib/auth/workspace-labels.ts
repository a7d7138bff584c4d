import { keyFingerprint } from '../api/key-fingerprint';
import { t } from '../i18n/i18n';
import type { Workspace } from './connection-storage';

// These read the message catalog when called (from a render), so a language switch names
// workspaces in the new language on the next render.

/** What an unnamed demo workspace is called; no other workspace is ever called so. */
export function demoWorkspaceName(): string {
  return t('connect.workspace.demoName');
}

/** The host people recognise ("data.acme.com"), or this site's for a same-origin service. */
export function serviceHostOf(serviceUrl: string): string {
  if (serviceUrl === '') return globalThis.location?.host ?? t('connect.workspace.thisSite');
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

/**
 * What a workspace is called: the person's name for it, else its service's host. Only the
 * demo connection (config.json's key) is "Demo workspace": the deployment's title names
 * the page, not every key opened in it.
 */
export function workspaceNameOf(workspace: Workspace): string {
  if (workspace.name !== null) return workspace.name;
  return workspace.demo ? demoWorkspaceName() : serviceHostOf(workspace.connection.serviceUrl);
}

/**
 * Whether workspaceNameOf is workspace data (the person's name, a host), which page
 * translation must leave alone (`translate="no"`), rather than the catalog's demo name.
 */
export function workspaceNameIsData(workspace: Workspace): boolean {
  return workspace.name !== null || !workspace.demo;
}

/** The secondary line that tells two workspaces apart: host and key fingerprint. */
export function workspaceHintOf(workspace: Workspace): string {
  const host = serviceHostOf(workspace.connection.serviceUrl);
  if (workspace.keyRefused) return t('connect.workspace.hintRefused', { host });
  return t('connect.workspace.hint', {
    host,
    fingerprint: keyFingerprint(workspace.connection.apiKey),
  });
}
