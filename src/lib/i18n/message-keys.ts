/**
 * Every message key, from the English catalogs (the source language): a key that is not
 * in them is a type error, and every other language must have the same keys (a unit test
 * checks, src/locales/catalogs.test.ts).
 */
import type common from '../../locales/en/common.json';
import type connect from '../../locales/en/connect.json';
import type embed from '../../locales/en/embed.json';
import type pages from '../../locales/en/pages.json';
import type projects from '../../locales/en/projects.json';
import type records from '../../locales/en/records.json';
import type shell from '../../locales/en/shell.json';
import type skills from '../../locales/en/skills.json';
import type tasks from '../../locales/en/tasks.json';

export type MessageKey =
  | keyof typeof common
  | keyof typeof connect
  | keyof typeof embed
  | keyof typeof pages
  | keyof typeof projects
  | keyof typeof records
  | keyof typeof shell
  | keyof typeof skills
  | keyof typeof tasks;

/** A message's placeholders: `{count}` takes a number, others text (or a number). */
export type MessageValue = string | number;
export type MessageValues<_K extends MessageKey> = [values?: Record<string, MessageValue>];
