pytest_plugins = ["ruling_plugin"]
