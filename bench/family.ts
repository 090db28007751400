import type { Db } from '../src/server/db/connect.js';
import { hashPassword } from '../src/server/features/auth/password.js';
import { nowIso } from '../src/server/lib/time.js';
import { BENCH_PASSWORD, benchUser } from './large-school.js';

/**
 * The families of the large school (docs/decisions/0021-families.md): every pupil has a parent, and
 * every parent has two children (pupils 2k and 2k+1 in id order are siblings, in different classes
 * since pupils are spread over the classes in turn). The first parent logs in as BENCH_PARENT.
 */
export const BENCH_PARENT = 'bench.parent@bench.school';

const BATCH = 500;

/** Seeds a parent per two pupils and their guardian links; answers how many parents. */
export async function seedLargeFamilies(db: Db): Promise<number> {
  const pupils = await db
    .selectFrom('app_user')
    .select('id')
    .where('type', '=', 'Student')
    .orderBy('id')
    .execute();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = nowIso();
  const pairs: number[][] = [];
  for (let i = 0; i + 1 < pupils.length; i += 2) pairs.push([pupils[i]?.id ?? 0, pupils[i + 1]?.id ?? 0]);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < pairs.length; start += BATCH) {
      const batch = pairs.slice(start, start + BATCH);
      const parents = await trx
        .insertInto('app_user')
        .values(
          batch.map((_, i) =>
            benchUser(
              {
                name: `Bench Parent ${start + i + 1}`,
                email: start + i === 0 ? BENCH_PARENT : `bench.parent${start + i + 1}@bench.school`,
                type: 'Parent',
                dob: '1985-01-01',
              },
              passwordHash,
              now,
            ),
          ),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('guardian')
        .values(
          batch.flatMap((children, i) =>
            children.map((studentId) => ({
              parent_id: parents[i]?.id ?? 0,
              student_id: studentId,
              relationship: 'Mother',
              created_at: now,
            })),
          ),
        )
        .execute();
    }
  });
  return pairs.length;
}
