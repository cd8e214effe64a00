"""matplotlib helpers: Chinese labels find a CJK font, bars come from the engine."""

import warnings

from needs import need


def test_discard_chart_uses_engine_and_cjk_font(tmp_path):
    import matplotlib as mpl

    mpl.use("Agg")
    from mjlearn.analysis import discard_advice
    from mjlearn.render.charts import discard_advice_chart, use_cjk_fonts

    need(use_cjk_fonts(), "a CJK font (apt-get install fonts-noto-cjk)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Glyph ... missing from font" would be a warning
        ax = discard_advice_chart("123m456p789sEENNS")
        ax.figure.savefig(tmp_path / "advice.png")
    widths = [p.get_width() for p in ax.patches]
    assert widths == [o.live for o in discard_advice("123m456p789sEENNS")]
