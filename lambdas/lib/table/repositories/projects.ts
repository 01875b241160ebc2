import { randomUUID } from 'node:crypto';
import type { PaymentConnectionSummary } from '../../../../shared/projects/project';
import { batchGet, batchWrite, deleteRequest } from '../batch';
import {
  type ProjectItem,
  projectItems,
  projectKey,
  projectModel,
  projectsConnectedTo,
  projectsOfCreator,
  type StripeConnection,
  stripeConnectionKey,
  stripeConnectionModel,
} from '../models';
import {
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  putItem,
  queryAll,
  transactWrite,
  updateItem,
} from '../table';

export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError';
}

export async function getProject(id: string): Promise<ProjectItem | null> {
  const item = await getItem(projectKey(id), true);
  return item ? projectModel.fromItem(item) : null;
}

/** Projects where creatorUserId is the user, newest first. */
export async function listProjectsByCreator(userId: string): Promise<ProjectItem[]> {
  const items = await queryAll({
    ...projectsOfCreator(userId),
    ScanIndexForward: false,
  });
  return items.map((item) => projectModel.fromItem(item));
}

export async function createProject(project: ProjectItem): Promise<ProjectItem> {
  await putItem(projectModel.toItem(project), 'attribute_not_exists(pk)');
  return project;
}

type ProjectChanges = Partial<
  Pick<ProjectItem, 'name' | 'description' | 'sectors' | 'startupStatus' | 'raise'>
> & {
  updatedAt: string;
};

/** `SET` of the given fields (undefined ones are left as they are), with placeholder names and values. */
function setChanges(changes: ProjectChanges) {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([key, value], i) => {
    names[`#f${i}`] = key;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return { UpdateExpression: `SET ${sets.join(', ')}`, names, values };
}

/** Updates the given fields of an existing project; throws ProjectNotFoundError when it is gone. */
export async function updateProject(id: string, changes: ProjectChanges): Promise<ProjectItem> {
  const { UpdateExpression, names, values } = setChanges(changes);
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: projectKey(id),
      UpdateExpression,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!attributes) throw new ProjectNotFoundError(id);
  return projectModel.fromItem(attributes);
}

/** Deletes the project and everything kept under it (payment connection, ingested transactions). */
export async function deleteProject(id: string): Promise<void> {
  const items = await queryAll({
    ...projectItems(id),
    ProjectionExpression: 'pk, sk',
  });
  await batchWrite(items.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })));
}

/** Attributes of connection records written before the tokens stopped being kept. */
const RETIRED_TOKEN_ATTRIBUTES = ['accessToken', 'refreshToken'] as const;

export async function getStripeConnection(projectId: string): Promise<StripeConnection | null> {
  const item = await getItem(stripeConnectionKey(projectId), true);
  if (!item) return null;
  if (RETIRED_TOKEN_ATTRIBUTES.some((attribute) => attribute in item)) await removeStoredTokens(projectId);
  return stripeConnectionModel.fromItem(item);
}

/** Removes the OAuth tokens an older version stored with the connection (a record that is gone stays gone). */
async function removeStoredTokens(projectId: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: stripeConnectionKey(projectId),
      UpdateExpression: 'REMOVE accessToken, refreshToken',
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** Stores the authorisation code returned by Connect: the project is now "being connected". */
export async function setStripeConnectCode(
  id: string,
  code: string,
  scope: string,
  timestamp: string,
): Promise<void> {
  await updateItem({
    Key: projectKey(id),
    UpdateExpression:
      'SET stripeConnectCode = :code, stripeConnectScope = :scope, stripeConnectTimestamp = :ts',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':code': code, ':scope': scope, ':ts': timestamp },
  });
}

export async function putStripeConnection(connection: StripeConnection): Promise<void> {
  await putItem(stripeConnectionModel.toItem(connection));
}

/**
 * Stores the connection record of the owner's project, in one transaction with a check that the project
 * still exists, is theirs and still holds the code that was exchanged (a disconnect or a newer code in
 * between wins). False when the check fails: nothing is written.
 */
export async function putStripeConnectionOfCreator(
  connection: StripeConnection,
  exchangedCode: string,
): Promise<boolean> {
  return conditionalWrite(
    transactWrite([
      {
        ConditionCheck: {
          Key: projectKey(connection.projectId),
          ConditionExpression:
            'attribute_exists(pk) AND creatorUserId = :owner AND stripeConnectCode = :code',
          ExpressionAttributeValues: { ':owner': connection.projectOwnerUserId, ':code': exchangedCode },
        },
      },
      { Put: { Item: stripeConnectionModel.toItem(connection) } },
    ]),
  );
}

/** The ids of the projects connected to a Stripe account (`acct_...`). */
export async function listProjectIdsConnectedTo(stripeUserId: string): Promise<string[]> {
  const items = await queryAll({
    ...projectsConnectedTo(stripeUserId),
    // Only the id: the tokens stay where they are.
    ProjectionExpression: 'projectId',
  });
  return items.map((item) => String(item.projectId));
}

/**
 * Nulls the three connect fields and deletes the connection record in one transaction. Throws
 * ProjectNotFoundError when the project is gone (the update must not create a partial project).
 */
export async function clearStripeConnection(projectId: string): Promise<void> {
  const cleared = await conditionalWrite(
    transactWrite([
      {
        Update: {
          Key: projectKey(projectId),
          UpdateExpression:
            'SET stripeConnectCode = :null, stripeConnectScope = :null, stripeConnectTimestamp = :null',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':null': null },
        },
      },
      { Delete: { Key: stripeConnectionKey(projectId) } },
    ]),
  );
  if (!cleared) throw new ProjectNotFoundError(projectId);
}

// ---------------------------------------------------------------- the creator's own projects

/** A new project id: 'proj_' and 32 random hex digits. */
export const newProjectId = (): string => `proj_${randomUUID().replaceAll('-', '')}`;

/**
 * A project and the one fact of its payment connection the API may show, when it was made. The
 * connection's tokens, account id and key never leave this module.
 */
export interface ProjectWithConnection {
  project: ProjectItem;
  connection: PaymentConnectionSummary | null;
}

const connectionSummary = (connection: StripeConnection | null): PaymentConnectionSummary | null =>
  connection ? { connectedAt: connection.connectedAt } : null;

/** The user's projects, newest first, each with its payment-connection summary. */
export async function listProjectsOfCreator(userId: string): Promise<ProjectWithConnection[]> {
  const projects = await listProjectsByCreator(userId);
  const items = await batchGet(projects.map((p) => stripeConnectionKey(p.id)));
  const connections = new Map(
    items.map((item) => {
      const connection = stripeConnectionModel.fromItem(item);
      return [connection.projectId, connection];
    }),
  );
  return projects.map((project) => ({
    project,
    connection: connectionSummary(connections.get(project.id) ?? null),
  }));
}

/** The project when the user created it; null when it does not exist or is someone else's. */
export async function getProjectOfCreator(id: string, userId: string): Promise<ProjectWithConnection | null> {
  const project = await getProject(id);
  if (!project || project.creatorUserId !== userId) return null;
  return { project, connection: connectionSummary(await getStripeConnection(id)) };
}

/**
 * Updates the given fields of the user's own project, ownership checked in the same write. Null when
 * the project does not exist or is someone else's (then nothing changes).
 */
export async function updateProjectOfCreator(
  id: string,
  userId: string,
  changes: ProjectChanges,
): Promise<ProjectWithConnection | null> {
  const { UpdateExpression, names, values } = setChanges(changes);
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: projectKey(id),
      UpdateExpression,
      ConditionExpression: 'attribute_exists(pk) AND #creator = :creator',
      ExpressionAttributeNames: { ...names, '#creator': 'creatorUserId' },
      ExpressionAttributeValues: { ...values, ':creator': userId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!attributes) return null;
  return {
    project: projectModel.fromItem(attributes),
    connection: connectionSummary(await getStripeConnection(id)),
  };
}
