import type { StaffRole } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';

/** Grants the demo staff their console role in the project (idempotent). */
export async function seedConsoleStaff(
  db: Db,
  input: { projectId: number; staff: ReadonlyArray<{ phone: string; role: StaffRole }> },
): Promise<void> {
  for (const member of input.staff) {
    await db.execute(sql`
      INSERT INTO staff_grants (user_id, project_id, role)
      SELECT id, project_id, ${member.role} FROM users WHERE project_id = ${input.projectId} AND phone = ${member.phone}
      ON CONFLICT (user_id, project_id) DO NOTHING`);
  }
}
