import { batchWrite, deleteRequest } from '../batch';
import { type ProjectItem, projectModel, type StripeConnection, stripeConnectionModel } from '../models';
import { getItem, isConditionFailure, putItem, queryAll, transactWrite, updateItem } from '../table';

export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError';
}

const projectKey = (id: string) => ({ pk: `PROJECT#${id}`, sk: 'PROJECT' });

export async function getProject(id: string): Promise<ProjectItem | null> {
  const item = await getItem(`PROJECT#${id}`, 'PROJECT', true);
  return item ? projectModel.fromItem(item) : null;
}

/** Projects where creatorUserId is the user, newest first. */
export async function listProjectsByCreator(userId: string): Promise<ProjectItem[]> {
  const items = await queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'PROJECT#' },
    ScanIndexForward: false,
  });
  return items.map((item) => projectModel.fromItem(item));
}

export async function createProject(project: ProjectItem): Promise<ProjectItem> {
  await putItem(projectModel.toItem(project), 'attribute_not_exists(pk)');
  return project;
}

type ProjectChanges = Partial<Pick<ProjectItem, 'name' | 'description' | 'sectors' | 'startupStatus'>> & {
  updatedAt: string;
};

/** Updates the given fields of an existing project; throws ProjectNotFoundError when it is gone. */
export async function updateProject(id: string, changes: ProjectChanges): Promise<ProjectItem> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([key, value], i) => {
    names[`#f${i}`] = key;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    const attributes = await updateItem({
      Key: projectKey(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    });
    if (!attributes) throw new ProjectNotFoundError(id);
    return projectModel.fromItem(attributes);
  } catch (error) {
    if (isConditionFailure(error)) throw new ProjectNotFoundError(id);
    throw error;
  }
}

/** Deletes the project and everything kept under it (payment connection, ingested transactions). */
export async function deleteProject(id: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `PROJECT#${id}` },
    ProjectionExpression: 'pk, sk',
  });
  await batchWrite(items.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })));
}

export async function getStripeConnection(projectId: string): Promise<StripeConnection | null> {
  const item = await getItem(`PROJECT#${projectId}`, 'STRIPE_CONNECTION', true);
  return item ? stripeConnectionModel.fromItem(item) : null;
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

/** Nulls the three connect fields and deletes the connection record in one transaction. */
export async function clearStripeConnection(projectId: string): Promise<void> {
  await transactWrite([
    {
      Update: {
        Key: projectKey(projectId),
        UpdateExpression:
          'SET stripeConnectCode = :null, stripeConnectScope = :null, stripeConnectTimestamp = :null',
        ExpressionAttributeValues: { ':null': null },
      },
    },
    { Delete: { Key: { pk: `PROJECT#${projectId}`, sk: 'STRIPE_CONNECTION' } } },
  ]);
}
