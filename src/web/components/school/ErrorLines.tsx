/** A form's problems, one line each, in one alert; nothing while there are none. */
export function ErrorLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {lines.map((line) => (
        <p key={line} className="mb-0">
          {line}
        </p>
      ))}
    </div>
  );
}
