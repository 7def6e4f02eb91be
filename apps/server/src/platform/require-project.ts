import { ErrorCode, type ProjectConfig } from '@payhub/contracts';
import { AppError } from './errors.ts';

/** The configuration of a project, or AppError 12062 when no such project exists. */
export function requireProject(
  projectById: (id: number) => ProjectConfig | undefined,
  projectId: number,
): ProjectConfig {
  const found = projectById(projectId);
  if (!found) throw new AppError(ErrorCode.InvalidProjectId, 'unknown project');
  return found;
}
