import sys

from . import HUB_CONFIG, START_DB

if __name__ == "__main__":
    print(f"JupyterHub configuration / JupyterHub 配置: {HUB_CONFIG}")
    print(f"class database start script / 班级数据库启动脚本: {START_DB}")
    print("start the class database with this Python (the one that has mjlearn) / 用这个 Python 启动班级数据库:")
    print(f"  MJLEARN_PYTHON={sys.executable} MJLEARN_OWNER_PWFILE=~/owner.pw sh {START_DB} ~/mjlearn-db 5432")
