import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type CacheStorageLike,
  type DownloadRecord,
  createModelStore,
  downloadToStore,
  estimateDownloadSize,
  formatMegabytes,
  originsForHub,
} from '@/lib/models/browser-store';
import type { FetchLike, SizeEstimate } from '@/lib/models/download';
import { type ModelManifest, MODEL_MANIFEST, isPinned, selectModels } from '@/lib/models/manifest';
import { toErrorInfo } from '@/lib/core/errors';
import { isHttpUrl } from '@/lib/settings/schema';

// Settings → "Download on first use": the size before anything is downloaded, then host access
// (asked for in the click), then the download with a progress bar, then done or a coded failure.

export interface ModelDownloadPorts {
  fetch: FetchLike;
  caches: CacheStorageLike;
  /** The extension origin (`location.origin`). */
  origin: string;
  /** Asks for optional host permissions; resolves to whether they were granted. */
  requestOrigins?: (origins: string[]) => Promise<boolean>;
}

export interface ModelDownloadProps {
  hubUrl: string;
  /** Also the optional reranker (when the second-stage reranker is on). */
  includeOptional: boolean;
  ports: ModelDownloadPorts;
  manifest?: ModelManifest;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'downloading'; loaded: number; total: number }
  | { kind: 'done'; bytes: number }
  | { kind: 'failed'; message: string }
  | { kind: 'removed' };

export function ModelDownload({
  hubUrl,
  includeOptional,
  ports,
  manifest = MODEL_MANIFEST,
}: ModelDownloadProps) {
  // Keyed by the ports' members, not the object (a caller may rebuild it on every render).
  const { caches, origin, fetch } = ports;
  const store = useMemo(() => createModelStore(caches, { origin }), [caches, origin]);
  const [estimate, setEstimate] = useState<SizeEstimate | 'loading' | null>(null);
  const [record, setRecord] = useState<DownloadRecord | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [trusted, setTrusted] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const hub = hubUrl.trim().replace(/\/+$/, '');
  const validHub = isHttpUrl(hub);
  const unpinned = selectModels(manifest, { includeOptional }).some((m) => !isPinned(m));

  useEffect(() => {
    void store.record().then(setRecord);
  }, [store]);

  // The size, before anything is downloaded: HEAD requests only (manifest sizes when pinned).
  useEffect(() => {
    if (!validHub) {
      setEstimate(null);
      return;
    }
    const controller = new AbortController();
    setEstimate('loading');
    const timer = setTimeout(() => {
      void estimateDownloadSize(manifest, {
        fetch,
        hub,
        includeOptional,
        signal: controller.signal,
      }).then((result) => {
        if (controller.signal.aborted) return;
        setEstimate(result);
        // Remembered so the panel can say the size without asking the hub itself.
        void store.saveEstimate({ ...result, hub }).catch(() => undefined);
      });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [hub, validHub, includeOptional, manifest, fetch, store]);

  const known = estimate !== null && estimate !== 'loading' && estimate.bytes > 0;
  const sizeLabel =
    estimate === 'loading'
      ? 'size…'
      : !known
        ? 'size unknown'
        : `${estimate.unknownFiles.length > 0 ? 'at least ' : ''}${formatMegabytes(estimate.bytes)}`;
  const busy = phase.kind === 'downloading';

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'downloading', loaded: 0, total: known ? estimate.bytes : 0 });
    try {
      // Host access is asked for in this click (a user gesture), for the hub and its file CDN.
      const origins = originsForHub(hub);
      if (
        origins.length > 0 &&
        ports.requestOrigins &&
        !(await ports.requestOrigins(origins).catch(() => false))
      ) {
        setPhase({
          kind: 'failed',
          message: `Downloading needs access to ${origins.join(', ')}. It was not granted, so nothing was downloaded.`,
        });
        return;
      }
      const saved = await downloadToStore(store, {
        manifest,
        fetch,
        hub,
        includeOptional,
        trustUnpinned: trusted,
        expectedBytes: known ? estimate.bytes : undefined,
        signal: controller.signal,
        onProgress: (loaded, total) => setPhase({ kind: 'downloading', loaded, total }),
      });
      setRecord(saved);
      setPhase({ kind: 'done', bytes: Object.values(saved.files).reduce((n, f) => n + f.size, 0) });
    } catch (error) {
      setRecord(null);
      setPhase({ kind: 'failed', message: toErrorInfo(error).message });
    } finally {
      abort.current = null;
    }
  };

  const remove = async () => {
    await store.clear().catch(() => undefined);
    setRecord(null);
    setPhase({ kind: 'removed' });
  };

  const downloadedBytes = record ? Object.values(record.files).reduce((n, f) => n + f.size, 0) : 0;

  return (
    <div className="model-download" data-phase={phase.kind} data-downloaded={record !== null}>
      <div className="hint">
        The ranking models are downloaded once from {validHub ? hub : 'the hub'} and kept in this
        browser. Until they are, passages are ranked by keywords.
      </div>
      {unpinned && (
        <label>
          <input
            type="checkbox"
            id="models-trust"
            checked={trusted}
            disabled={busy}
            onChange={(e) => setTrusted(e.target.checked)}
          />{' '}
          Trust these files on first use: this version has no checksums for them, so the size and
          SHA-256 of what arrives are recorded and checked every time the models load.
        </label>
      )}
      {record && phase.kind !== 'done' && (
        <p className="hint" data-download="present">
          Downloaded: {formatMegabytes(downloadedBytes)} from {record.hub} (
          {new Date(record.completedAt).toLocaleString()}).
        </p>
      )}
      <button
        type="button"
        id="models-download"
        disabled={busy || !validHub || (unpinned && !trusted)}
        onClick={() => void start()}
      >
        {record ? 'Download models again' : 'Download models'} ({sizeLabel})
      </button>
      {busy && (
        <>
          {' '}
          <button type="button" id="models-cancel" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
          <div className="download-progress" role="status">
            <progress value={phase.loaded} max={Math.max(phase.total, phase.loaded, 1)} />{' '}
            <span className="download-bytes">
              {formatMegabytes(phase.loaded)}
              {phase.total > 0 ? ` of ${formatMegabytes(Math.max(phase.total, phase.loaded))}` : ''}
            </span>
          </div>
        </>
      )}
      {phase.kind === 'done' && (
        <p role="status" data-download="done">
          Models downloaded ({formatMegabytes(phase.bytes)}). The panel uses them when these
          settings are saved with "Download on first use".
        </p>
      )}
      {phase.kind === 'failed' && (
        <p role="alert" className="field-error" data-download="failed">
          {phase.message}
        </p>
      )}
      {phase.kind === 'removed' && (
        <p role="status" data-download="removed">
          Downloaded models removed.
        </p>
      )}
      {record && !busy && (
        <div>
          <button type="button" id="models-remove" onClick={() => void remove()}>
            Remove downloaded models
          </button>
        </div>
      )}
    </div>
  );
}
