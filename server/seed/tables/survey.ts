import { stableUuid } from '../../db/ids';
import {
  createRecordIndexes,
  createUserTable,
  insertRecords,
  type RecordInput,
} from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, iso, MINUTE } from '../demo-time';
import { Prng } from '../prng';
import { aliasOf, column, sentence } from '../seed-helpers';

/** acme's Survey responses: a table far wider than any screen. */

/** Questions of the Survey responses table: a table far wider than any screen. */
export const SURVEY_QUESTION_COUNT = 80;

export const SURVEY_RESPONSE_COUNT = 600;

const SURVEY_ANSWERS = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'];

function surveyQuestionName(q: number): string {
  return `Q${String(q + 1).padStart(2, '0')}`;
}

export function seedSurvey(db: WorkspaceDb): void {
  const prng = new Prng(707);
  const t = 'survey';
  // Every fourth question a score, every fourth a yes/no, every fourth a comment, the rest
  // a scale: one table with each kind of cell across a width no screen shows at once.
  const kindOf = (q: number) => (['SELECT', 'NUMBER', 'BOOLEAN', 'TEXT'] as const)[q % 4];
  const questions = Array.from({ length: SURVEY_QUESTION_COUNT }, (_, q) => {
    const kind = kindOf(q) ?? 'SELECT';
    return column(t, {
      name: surveyQuestionName(q),
      type: kind,
      ...(kind === 'SELECT' ? { settings: { options: SURVEY_ANSWERS } } : {}),
    });
  });
  const table = createUserTable(
    db,
    {
      id: TABLE_IDS.survey,
      aliasId: aliasOf(TABLE_IDS.survey),
      workspaceId: WORKSPACES.acme.id,
      name: 'Survey responses',
      description: `${SURVEY_QUESTION_COUNT} questions a response: a table wider than any screen.`,
      createdAt: iso(BASE_MS + 7 * MINUTE),
      columns: [
        column(t, { name: 'respondent', type: 'TEXT', isPrimary: true }),
        column(t, { name: 'answered_at', type: 'DATETIME' }),
        ...questions,
      ],
    },
    // Indexed once the rows are in: far cheaper than updating ~300 indexes on every insert.
    { deferIndexes: true },
  );
  const records: RecordInput[] = [];
  for (let i = 0; i < SURVEY_RESPONSE_COUNT; i++) {
    const created = BASE_MS + 7 * MINUTE + i * 1000;
    const fields: Record<string, unknown> = {
      respondent: `Respondent ${i + 1}`,
      answered_at: iso(created + prng.int(0, 60 * 24 * 30) * MINUTE),
    };
    for (let q = 0; q < SURVEY_QUESTION_COUNT; q++) {
      // About one answer in ten is skipped: empty cells are part of any survey.
      if (prng.chance(0.1)) continue;
      const kind = kindOf(q);
      fields[surveyQuestionName(q)] =
        kind === 'SELECT'
          ? prng.pick(SURVEY_ANSWERS)
          : kind === 'NUMBER'
            ? prng.int(0, 10)
            : kind === 'BOOLEAN'
              ? prng.chance(0.5)
              : sentence(prng, prng.int(2, 8));
    }
    records.push({ id: stableUuid(`record:acme:survey:${i}`), createdAt: iso(created), fields });
  }
  insertRecords(db, table, records);
  createRecordIndexes(db, table);
}
