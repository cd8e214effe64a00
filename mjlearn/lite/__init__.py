"""mjlearn in the browser: the JupyterLite site (:mod:`mjlearn.lite.site`, ``mjlearn lite build``) and
what mjlearn does differently when it runs there (:mod:`mjlearn.lite.browser`).

Nothing is imported here, so ``import mjlearn.lite`` costs nothing.
"""
