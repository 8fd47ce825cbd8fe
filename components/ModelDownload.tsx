import { useEffect, useRef, useState } from 'react';
import { formatMegabytes } from '@/lib/core/bytes';
import { toErrorInfo } from '@/lib/core/errors';
import type { DownloadRecord, FirstUseDownloadOptions } from '@/lib/models/browser-store';
import type { SizeEstimate } from '@/lib/models/download';
import { isHttpUrl, type Settings } from '@/lib/settings/schema';
import { messageLocale, t } from '@/lib/core/i18n';

// Settings → "Download on first use": the size before anything is downloaded, then host access
// (asked for in the click), then the download with a progress bar, then done or a coded failure.

/**
 * The model store and the hub, for the download (lib/models, wired by the settings page). The
 * component keys its effects by these members, so they should stay the same between renders.
 */
/**
 * The optional models the user turned on (the second sort, the fact-checking model, the
 * exact-answer model, the multilingual ranking models); the page's
 * ports turn them into model roles (`optionalRoles` in lib/models).
 */
export type OptionalChoice = Pick<
  Settings['retrieval'],
  'rerank' | 'nli' | 'exactAnswer' | 'multilingual'
>;

export interface ModelDownloadPorts {
  /** What the last complete download recorded; null when nothing (complete) is downloaded. */
  record(): Promise<DownloadRecord | null>;
  /** Removes every downloaded file and the record. */
  clear(): Promise<void>;
  /**
   * The size from the manifest, or from the hub's HEAD replies for files it does not size: of
   * the models a download takes (the required ones and the optional ones chosen), or, with
   * `onlyOptional`, of just the optional ones chosen.
   */
  estimate(request: {
    hub: string;
    optional: OptionalChoice;
    onlyOptional?: boolean;
    signal: AbortSignal;
  }): Promise<SizeEstimate>;
  /** Remembers the size shown, so the panel can say it without asking the hub itself. */
  saveEstimate(estimate: SizeEstimate & { hub: string }): Promise<void>;
  /** Downloads the selected models into the store; rejects with a coded error. */
  download(
    request: Omit<FirstUseDownloadOptions, 'manifest' | 'fetch' | 'now' | 'includeOptional'> & {
      optional: OptionalChoice;
    },
  ): Promise<DownloadRecord>;
  /** Whether the selected models have files the manifest has no checksums for. */
  hasUnpinned(optional: OptionalChoice): boolean;
  /** Host access a download from this hub needs (none for a loopback mirror). */
  originsForHub(hub: string): string[];
  /** Asks for optional host permissions; resolves to whether they were granted. */
  requestOrigins?: (origins: string[]) => Promise<boolean>;
}

export interface ModelDownloadProps {
  hubUrl: string;
  /** The optional models to download too. */
  optional: OptionalChoice;
  ports: ModelDownloadPorts;
  /** Told when models were downloaded or removed (the form's model switches follow). */
  onChange?: (() => void) | undefined;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'downloading'; loaded: number; total: number }
  | { kind: 'done'; bytes: number }
  | { kind: 'failed'; message: string }
  | { kind: 'removed' };

type Estimate = SizeEstimate | 'loading' | null;

const hostOf = (url: string) => new URL(url).host;

const recordBytes = (record: DownloadRecord) =>
  Object.values(record.files).reduce((n, f) => n + f.size, 0);

const knownBytes = (estimate: Estimate) =>
  estimate !== null && estimate !== 'loading' && estimate.bytes > 0 ? estimate.bytes : undefined;

export function sizeLabel(estimate: Estimate): string {
  if (estimate === 'loading') return t('download_size_loading');
  if (estimate === null || knownBytes(estimate) === undefined) return t('download_size_unknown');
  return estimate.unknownFiles.length > 0
    ? t('download_size_at_least', formatMegabytes(estimate.bytes))
    : formatMegabytes(estimate.bytes);
}

/** A hub address as the download uses it (no trailing slash), or null when it is not one. */
export function cleanHub(hubUrl: string): string | null {
  const hub = hubUrl.trim().replace(/\/+$/, '');
  return isHttpUrl(hub) ? hub : null;
}

/**
 * The download size before anything is downloaded (HEAD requests only; manifest sizes when
 * pinned), asked for a moment after the hub stops changing. 'loading' is derived, not stored:
 * it is what shows while the last answer is for another hub or selection. The size of the whole
 * download is remembered for the panel (`save`); the size of one optional model is not.
 */
export function useSizeEstimate(
  ports: ModelDownloadPorts,
  hub: string | null,
  selection: { optional: OptionalChoice; onlyOptional: boolean },
  save: boolean,
): Estimate {
  const { estimate, saveEstimate } = ports;
  const { rerank, nli, exactAnswer, multilingual } = selection.optional;
  const { onlyOptional } = selection;
  const key = JSON.stringify([hub, rerank, nli, exactAnswer, multilingual, onlyOptional]);
  const [answer, setAnswer] = useState<{ key: string; value: SizeEstimate } | null>(null);
  useEffect(() => {
    if (hub === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const optional = { rerank, nli, exactAnswer, multilingual };
      const request = { hub, optional, onlyOptional, signal: controller.signal };
      void estimate(request).then((value) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, value });
        if (save) void saveEstimate({ ...value, hub }).catch(() => undefined);
      });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [
    hub,
    key,
    rerank,
    nli,
    exactAnswer,
    multilingual,
    onlyOptional,
    save,
    estimate,
    saveEstimate,
  ]);
  if (hub === null) return null;
  return answer?.key === key ? answer.value : 'loading';
}

/** Host access for the hub and its file CDN, asked for in the click; a message when refused. */
async function refusedAccess(ports: ModelDownloadPorts, hub: string): Promise<string | null> {
  const origins = ports.originsForHub(hub);
  if (origins.length === 0 || !ports.requestOrigins) return null;
  if (await ports.requestOrigins(origins).catch(() => false)) return null;
  return t('download_access_refused', origins.join(', '));
}

interface DownloadRequest {
  hub: string;
  optional: OptionalChoice;
  trusted: boolean;
  expectedBytes: number | undefined;
}

/** What was downloaded, and the download or removal in progress or just finished. */
function useDownload(ports: ModelDownloadPorts, onChange: (() => void) | undefined) {
  const [record, setRecord] = useState<DownloadRecord | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const { record: readRecord } = ports;
  useEffect(() => {
    void readRecord().then(setRecord);
  }, [readRecord]);

  const start = async ({ hub, optional, trusted, expectedBytes }: DownloadRequest) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'downloading', loaded: 0, total: expectedBytes ?? 0 });
    try {
      const refused = await refusedAccess(ports, hub);
      if (refused !== null) {
        setPhase({ kind: 'failed', message: refused });
        return;
      }
      const saved = await ports.download({
        hub,
        optional,
        trustUnpinned: trusted,
        expectedBytes,
        signal: controller.signal,
        onProgress: (loaded, total) => setPhase({ kind: 'downloading', loaded, total }),
      });
      setRecord(saved);
      setPhase({ kind: 'done', bytes: recordBytes(saved) });
      onChange?.();
    } catch (error) {
      setRecord(null);
      setPhase({ kind: 'failed', message: toErrorInfo(error).message });
    } finally {
      abort.current = null;
    }
  };
  const remove = async () => {
    await ports.clear().catch(() => undefined);
    setRecord(null);
    setPhase({ kind: 'removed' });
    onChange?.();
  };
  return { record, phase, start, remove, cancel: () => abort.current?.abort() };
}

function TrustCheckbox(props: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="check">
      <input
        type="checkbox"
        id="models-trust"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor="models-trust">{t('download_trust')}</label>
    </div>
  );
}

function DownloadProgress({
  loaded,
  total,
  onCancel,
}: {
  loaded: number;
  total: number;
  onCancel: () => void;
}) {
  return (
    <>
      {' '}
      <button type="button" id="models-cancel" onClick={onCancel}>
        {t('download_cancel')}
      </button>
      <div className="download-progress" role="status">
        <progress value={loaded} max={Math.max(total, loaded, 1)} />{' '}
        <span className="download-bytes">
          {formatMegabytes(loaded)}
          {total > 0 ? ` ${t('download_of_total', formatMegabytes(Math.max(total, loaded)))}` : ''}
        </span>
      </div>
    </>
  );
}

/** The outcome of the last download or removal. */
function PhaseMessage({ phase }: { phase: Phase }) {
  if (phase.kind === 'done')
    return (
      <p role="status" data-download="done">
        {t('download_done', formatMegabytes(phase.bytes))}
      </p>
    );
  if (phase.kind === 'failed')
    return (
      <p role="alert" className="field-error" data-download="failed">
        {phase.message}
      </p>
    );
  if (phase.kind === 'removed')
    return (
      <p role="status" data-download="removed">
        {t('download_removed')}
      </p>
    );
  return null;
}

export function ModelDownload({ hubUrl, optional, ports, onChange }: ModelDownloadProps) {
  const [trusted, setTrusted] = useState(false);
  const hub = cleanHub(hubUrl) ?? hubUrl.trim();
  const validHub = cleanHub(hubUrl) !== null;
  const estimate = useSizeEstimate(
    ports,
    validHub ? hub : null,
    { optional, onlyOptional: false },
    true,
  );
  const { record, phase, start, remove, cancel } = useDownload(ports, onChange);
  const unpinned = ports.hasUnpinned(optional);
  const busy = phase.kind === 'downloading';
  const expectedBytes = knownBytes(estimate);
  return (
    <div className="model-download" data-phase={phase.kind} data-downloaded={record !== null}>
      <div className="hint">
        {t('download_hint', validHub ? hostOf(hub) : t('download_the_hub'))}
        {record ? '' : ` ${t('download_hint_until')}`}
      </div>
      {unpinned && <TrustCheckbox checked={trusted} disabled={busy} onChange={setTrusted} />}
      {record && phase.kind !== 'done' && (
        <p className="hint" data-download="present">
          {t(
            'download_present',
            formatMegabytes(recordBytes(record)),
            record.hub,
            new Date(record.completedAt).toLocaleString(messageLocale()),
          )}
        </p>
      )}
      <button
        type="button"
        id="models-download"
        disabled={busy || !validHub || (unpinned && !trusted)}
        onClick={() => void start({ hub, optional, trusted, expectedBytes })}
      >
        {record
          ? t('download_again', sizeLabel(estimate))
          : t('download_models', sizeLabel(estimate))}
      </button>
      {busy && <DownloadProgress loaded={phase.loaded} total={phase.total} onCancel={cancel} />}
      <PhaseMessage phase={phase} />
      {record && !busy && (
        <div>
          <button type="button" id="models-remove" onClick={() => void remove()}>
            {t('download_remove')}
          </button>
        </div>
      )}
    </div>
  );
}
