type Props = { latitude: number; longitude: number; label: string };

const width = 360;
const height = 180;
const meridians = [-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150];
const parallels = [-60, -30, 0, 30, 60];

/**
 * Where a location is, drawn here with no map service (spec: no external tiles at run time): the point on an
 * equirectangular world grid, one degree a unit, with the equator and the prime meridian marked.
 */
export function LocationMap({ latitude, longitude, label }: Props) {
  const x = Math.min(width, Math.max(0, longitude + 180));
  const y = Math.min(height, Math.max(0, 90 - latitude));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-md rounded border border-slate-200 bg-sky-50"
      role="img"
      aria-label={label}
      data-testid="validation-location-map"
      data-lat={latitude}
      data-lon={longitude}
    >
      <title>{label}</title>
      {meridians.map((m) => (
        <line key={`m${m}`} x1={m + 180} y1={0} x2={m + 180} y2={height} stroke={m === 0 ? "#94a3b8" : "#e2e8f0"} strokeWidth={0.5} />
      ))}
      {parallels.map((p) => (
        <line key={`p${p}`} x1={0} y1={90 - p} x2={width} y2={90 - p} stroke={p === 0 ? "#94a3b8" : "#e2e8f0"} strokeWidth={0.5} />
      ))}
      <line x1={x} y1={0} x2={x} y2={height} stroke="#dc2626" strokeWidth={0.4} strokeDasharray="2 2" />
      <line x1={0} y1={y} x2={width} y2={y} stroke="#dc2626" strokeWidth={0.4} strokeDasharray="2 2" />
      <circle cx={x} cy={y} r={4} fill="#dc2626" fillOpacity={0.25} />
      <circle cx={x} cy={y} r={1.6} fill="#dc2626" />
    </svg>
  );
}
