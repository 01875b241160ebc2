import { STRIPE_NOT_CONNECTED } from '../../../shared/api/projects';
import { ConflictError } from '../errors';
import type { ProjectItem, StripeConnection } from '../table/models';
import { getProject, getStripeConnection } from '../table/repositories/projects';

/** The user's own project (null when missing or someone else's) and its connection record, if any. */
export async function projectOfCreator(
  projectId: string,
  userId: string,
): Promise<{ project: ProjectItem; connection: StripeConnection | null } | null> {
  const project = await getProject(projectId);
  if (!project || project.creatorUserId !== userId) return null;
  return { project, connection: await getStripeConnection(projectId) };
}

/**
 * The user's own project with its connection record; null when missing or someone else's. Throws a
 * 409 when the project has no payment connection.
 */
export async function connectedProjectOfCreator(
  projectId: string,
  userId: string,
): Promise<{ project: ProjectItem; connection: StripeConnection } | null> {
  const found = await projectOfCreator(projectId, userId);
  if (!found) return null;
  if (!found.connection) throw new ConflictError(STRIPE_NOT_CONNECTED);
  return { project: found.project, connection: found.connection };
}
