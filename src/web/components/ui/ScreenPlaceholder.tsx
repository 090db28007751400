/** What a screen shows until its issue builds it: one honest, friendly sentence. */
export function ScreenPlaceholder() {
  return (
    <section className="container py-5">
      <p className="screen-placeholder">This screen is being prepared. Please check back soon.</p>
    </section>
  );
}
