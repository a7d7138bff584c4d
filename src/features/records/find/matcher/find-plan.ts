import type { Column } from '../../../../lib/api/types';
import type { Translate } from '../../../../lib/i18n/i18n-react';
import { type AppLocale, formatLocaleOf } from '../../../../lib/i18n/locales';
import { currencyOf } from '../../columns/cell-parts';
import { selectOptionsOf } from '../../columns/column-kinds';
import type { FindColumn, FindPlan } from './record-text';

/** The columns searched, as the worker needs them: what the cells show, in their language. */
export function findPlanOf(columns: readonly Column[], locale: AppLocale, t: Translate): FindPlan {
  return {
    locale: formatLocaleOf(locale),
    yes: t('common.value.yes'),
    no: t('common.value.no'),
    columns: columns.map((column): FindColumn => {
      const options = selectOptionsOf(column);
      const labelled = options?.filter((option) => option.label !== option.value) ?? [];
      return {
        name: column.name,
        type: column.type,
        currency: column.type === 'NUMBER' ? currencyOf(column.settings) : null,
        optionLabels:
          labelled.length > 0
            ? Object.fromEntries(labelled.map((option) => [option.value, option.label]))
            : null,
      };
    }),
  };
}

/** Whether two plans search alike (a new plan with the same content starts no new search). */
export function samePlan(a: FindPlan, b: FindPlan): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
