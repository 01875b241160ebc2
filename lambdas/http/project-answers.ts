import { toProjectView } from '../../shared/api/projects';
import { NotFoundError } from '../lib/errors';
import type { ProjectWithConnection } from '../lib/table/repositories/projects';

/** Someone else's project answers as a missing one: its existence is not revealed. */
export const projectNotFound = () => new NotFoundError('Project not found');

/** A project as its creator reads it, with its payment connection's state. */
export const projectView = ({ project, connection }: ProjectWithConnection) =>
  toProjectView(project, connection);
