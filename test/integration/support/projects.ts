import { expect } from 'vitest';
import { apiSuccessEnvelope } from '../../../shared/api/errors';
import { projectViewSchema } from '../../../shared/api/projects';
import { call, type TestUser } from './home';

/** A project in an API answer: the success envelope around the project view. */
export const projectResponse = apiSuccessEnvelope(projectViewSchema);

/** Creates a project through the API as `user` (201) and returns its view. */
export async function createProject(user: TestUser, name = 'Acme Analytics') {
  const response = await call('POST', '/projects', {
    token: user.token,
    body: { name, description: 'Dashboards for small shops.' },
  });
  expect(response.status).toBe(201);
  return projectResponse.parse(response.body).data;
}
