import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { parseConfig } from '../../src/config/config';

const FOLDER = join(__dirname, '../../deploy/k8s');

/** The Kubernetes schema class of each kind the folder may hold. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  [key: string]: unknown;
}

function manifests(): Manifest[] {
  return readdirSync(FOLDER)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(FOLDER, file), 'utf8')).map((document) => {
        if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
        return { ...(document.toJS() as Omit<Manifest, 'file'>), file } as Manifest;
      }),
    );
}

function one(kind: string): Manifest {
  const found = manifests().filter((manifest) => manifest.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('deploy/k8s manifests', () => {
  it('are each valid against the Kubernetes schema of their kind', () => {
    const all = manifests();
    expect(all.map((manifest) => manifest.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Job', 'PodDisruptionBudget', 'Secret', 'Service']);
    for (const { file, ...manifest } of all) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      if (!Model) throw new Error(`${file}: no schema for ${manifest.apiVersion} ${manifest.kind}`);
      expect(() => new Model(manifest as never).validate()).not.toThrow();
    }
  });

  it('catches an invalid manifest (the check itself works)', () => {
    const { file: _file, ...deployment } = one('Deployment');
    const broken = { ...deployment, spec: { ...(deployment.spec as object), replicas: 'two' } };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('run two probed, non-root, read-only replicas that outlast the drain', () => {
    const config = one('ConfigMap').data as Record<string, string>;
    const deployment = one('Deployment') as unknown as { spec: any; metadata: unknown };
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(deployment.spec.replicas).toBe(2);
    expect(container.livenessProbe.httpGet.path).toBe('/v1/health');
    expect(container.readinessProbe.httpGet.path).toBe('/v1/health/ready');
    const drainSeconds = (Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_DRAIN_MS)) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drainSeconds);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.SNOWFLAKE_WORKER_ID).toBeUndefined();
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(container.resources.requests).toBeDefined();
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe(config.METRICS_PORT);
    expect(one('PodDisruptionBudget').spec).toMatchObject({ minAvailable: 1 });
  });

  it('configure a service the configuration accepts (ConfigMap plus the example Secret)', () => {
    const env = { ...(one('ConfigMap').data as object), ...(one('Secret').stringData as object) } as NodeJS.ProcessEnv;
    const config = parseConfig(env);
    expect(config.nodeEnv).toBe('production');
    expect(config.devProviders).toBe(false);
    expect(config.metricsPort).toBe(9464);
  });

  it('migrate with the built migration script', () => {
    const job = one('Job') as unknown as { spec: any };
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'dist/src/database/migrate.js']);
  });
});
